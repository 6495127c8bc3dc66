/**
 * Routes outside the versioned paths (seed 000: "the newsletter send path has no version segment"):
 * | POST | /api/admin/newsletter/send  | editionNumber, dryRun, onlyToSelf, testEmail, testEmails (all optional) | administrators only |
 * | GET  | /api/unsubscribe/:token     | no token; records the unsubscribe and answers a short HTML page |
 * | POST | /api/unsubscribe/:token     | the same, for one-click List-Unsubscribe-Post (RFC 8058) |
 * Errors are `{ error }` as on /api/v1; authentication, the admin check and quota are the same hooks.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NewsletterSend, sendNewsletter, unsubscribe, type NewsletterSettings } from '../domain/newsletter/index.js';
import { installApiV1Access } from './api-v1/access.js';
import { installApiV1ErrorHandler } from './api-v1/errors.js';
import { Envelope, errorResponses } from './api-v1/schemas.js';
import { ctxOf } from './types.js';
import { component } from './schema.js';

const SendResult = Type.Object({
  dry_run: Type.Boolean(),
  mode: Type.Union([Type.Literal('all'), Type.Literal('self'), Type.Literal('test')]),
  edition_number: Type.Integer(),
  edition_id: Type.String({ format: 'uuid' }),
  send_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The request in newsletter_sends; null on a dry run' }),
  recipients: Type.Integer({ description: 'Addressees of this request' }),
  queued: Type.Integer({ description: 'Messages queued now (dry run: that would be queued)' }),
  already_queued: Type.Integer({ description: 'Addressees who already have this edition queued or delivered' }),
  emails: Type.Array(Type.String()),
});

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:36em;margin:3em auto;"><h1>${title}</h1><p>${text}</p></body></html>`;

const UNSUBSCRIBED = page('You are unsubscribed', 'You will receive no more newsletter digests. You can subscribe again in your account settings.');
const NOT_RECOGNISED = page('Link not recognised', 'This unsubscribe link is not valid (a test message, or a mistyped link).');

export default async function newsletterRoutes(app: FastifyInstance, options: NewsletterSettings): Promise<void> {
  await app.register(async (admin) => {
    installApiV1ErrorHandler(admin);
    installApiV1Access(admin, { adminOnly: true });
    admin.withTypeProvider<TypeBoxTypeProvider>().post('/api/admin/newsletter/send', {
      schema: {
        operationId: 'apiAdminSendNewsletter', summary: 'Send (or dry-run, or test-send) an edition\u2019s personalised newsletter', tags: ['Admin: newsletter'],
        security: [{ bearerAuth: [] }],
        body: component('NewsletterSend', NewsletterSend),
        response: { 200: Envelope(SendResult), 202: Envelope(SendResult), ...errorResponses, 409: errorResponses[400] },
      },
    }, async (req, reply) => {
      const result = await sendNewsletter(ctxOf(req), req.body ?? {}, options);
      return reply.status(result.dry_run ? 200 : 202).send({ data: result });
    });
  });

  await app.register(async (open) => {
    installApiV1ErrorHandler(open);
    open.withTypeProvider<TypeBoxTypeProvider>().route({
      method: ['GET', 'POST'],
      url: '/api/unsubscribe/:token',
      schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 100 }) }) },
      handler: async (req, reply) => {
        const ok = await unsubscribe(ctxOf(req), req.params.token);
        return reply.type('text/html; charset=utf-8').status(ok ? 200 : 404).send(ok ? UNSUBSCRIBED : NOT_RECOGNISED);
      },
    });
  });
}

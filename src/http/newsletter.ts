/**
 * Routes outside the versioned paths (seed 000: "the newsletter send path has no version segment"):
 * | POST | /api/admin/newsletter/send  | editionNumber, dryRun, onlyToSelf, testEmail, testEmails (all optional) | administrators only |
 * | GET  | /api/unsubscribe/:token     | no token; changes nothing: a confirmation page whose button POSTs |
 * | HEAD | /api/unsubscribe/:token     | the GET without its body; changes nothing (mail scanners prefetch links) |
 * | POST | /api/unsubscribe/:token     | records the unsubscribe (one-click List-Unsubscribe-Post, RFC 8058, or the button) |
 * | GET, HEAD, POST | /api/unsubscribe/alerts/:token | the same for one alert rule's mails (docs/alerts.md): POST stops that rule's email |
 * Errors are `{ error }` as on /api/v1; authentication, the admin check and quota are the same hooks.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkAlertUnsubscribeLink, unsubscribeAlertRule, type AlertUnsubscribeLink } from '../domain/alerts/index.js';
import { checkUnsubscribeLink, NewsletterSend, sendNewsletter, unsubscribe, type NewsletterSettings, type UnsubscribeLink } from '../domain/newsletter/index.js';
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

const page = (title: string, text: string, form = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:sans-serif;max-width:36em;margin:3em auto;"><h1>${title}</h1><p>${text}</p>${form}</body></html>`;

const UNSUBSCRIBED = page('You are unsubscribed', 'You will receive no more newsletter digests. You can subscribe again in your account settings.');
const NOT_RECOGNISED = page('Link not recognised', 'This unsubscribe link is not valid (a test message, or a mistyped link).');
/** The confirmation page of a valid link: its button POSTs the one-click body to the page's own URL. */
const CONFIRM = page('Unsubscribe from the newsletter?', 'You will receive no more newsletter digests. You can subscribe again in your account settings.',
  '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>');
const ALREADY = page('You are already unsubscribed', 'You receive no newsletter digests. You can subscribe again in your account settings.');
/** The page answering a GET (or HEAD) of an unsubscribe link: 404 for a token that names no reader. */
const confirmation = (link: UnsubscribeLink | null): [number, string] => (link ? [200, link.unsubscribed ? ALREADY : CONFIRM] : [404, NOT_RECOGNISED]);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ALERT_TEXT = 'Its matches keep reaching you on the rule\u2019s other channels, if it has any; you can turn its email on again in your alert rules (PATCH /v1/alert-rules/{id}).';
/** The pages of an alert rule's link (the rule's name escaped: the owner chose it). */
const alertPage = {
  confirm: (l: AlertUnsubscribeLink) => page('Stop the emails of this alert?', `You will receive no more emails of the alert &ldquo;${esc(l.rule_name)}&rdquo;. ${ALERT_TEXT}`,
    '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>'),
  done: (l: AlertUnsubscribeLink) => page('You are unsubscribed', `You will receive no more emails of the alert &ldquo;${esc(l.rule_name)}&rdquo;. ${ALERT_TEXT}`),
};
/** The page answering a GET (or HEAD) or POST of an alert rule's unsubscribe link: 404 for a token that names no rule. */
const alertAnswer = (link: AlertUnsubscribeLink | null, posted: boolean): [number, string] =>
  (link ? [200, posted || link.unsubscribed ? alertPage.done(link) : alertPage.confirm(link)] : [404, NOT_RECOGNISED]);
const html = 'text/html; charset=utf-8';
const Token = { params: Type.Object({ token: Type.String({ maxLength: 100 }) }) };

export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const settings: NewsletterSettings = { publicBaseUrl: app.publicBaseUrl };
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
      const result = await sendNewsletter(ctxOf(req), req.body ?? {}, settings);
      return reply.status(result.dry_run ? 200 : 202).send({ data: result });
    });
  });

  await app.register(async (open) => {
    installApiV1ErrorHandler(open);
    // RFC 8058 one-click POSTs `List-Unsubscribe=One-Click` as a form; the token in the URL is all we need.
    open.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
    const routes = open.withTypeProvider<TypeBoxTypeProvider>();
    // GET (and the HEAD Fastify derives from it) only reads: mail scanners prefetch links.
    routes.get('/api/unsubscribe/:token', { schema: { hide: true, ...Token } }, async (req, reply) => {
      const [status, body] = confirmation(await checkUnsubscribeLink(ctxOf(req), req.params.token));
      return reply.type(html).status(status).send(body);
    });
    routes.post('/api/unsubscribe/:token', { schema: { hide: true, ...Token } }, async (req, reply) => {
      const ok = await unsubscribe(ctxOf(req), req.params.token);
      return reply.type(html).status(ok ? 200 : 404).send(ok ? UNSUBSCRIBED : NOT_RECOGNISED);
    });
    // One alert rule's link (its mails' List-Unsubscribe): GET and HEAD read, POST stops that rule's email.
    routes.get('/api/unsubscribe/alerts/:token', { schema: { hide: true, ...Token } }, async (req, reply) => {
      const [status, body] = alertAnswer(await checkAlertUnsubscribeLink(ctxOf(req), req.params.token), false);
      return reply.type(html).status(status).send(body);
    });
    routes.post('/api/unsubscribe/alerts/:token', { schema: { hide: true, ...Token } }, async (req, reply) => {
      const [status, body] = alertAnswer(await unsubscribeAlertRule(ctxOf(req), req.params.token), true);
      return reply.type(html).status(status).send(body);
    });
  });
}

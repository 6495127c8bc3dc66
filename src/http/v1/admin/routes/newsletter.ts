/**
 * /v1/admin newsletter of an edition (docs/v1-admin.md): the same domain operation, outbox and
 * send budget as `POST /api/admin/newsletter/send` (src/domain/newsletter/send-newsletter.ts).
 * | GET  | /v1/admin/editions/{id}/newsletter/preview    |                  | dry run: who would receive it and why; nothing sent |
 * | GET  | /v1/admin/editions/{id}/newsletter/digest     |                  | { subject, html, text }: the digest as a subscriber receives it |
 * | POST | /v1/admin/editions/{id}/newsletter/test       | { email }        | 202 one copy to that address (drafts too) |
 * | POST | /v1/admin/editions/{id}/newsletter/send       |                  | 202 queued for every entitled subscriber, once per recipient |
 * | GET  | /v1/admin/editions/{id}/newsletter/deliveries | status, mode, email, limit, offset | { counts, deliveries } |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DELIVERY_STATES, listNewsletterDeliveries, previewNewsletterDigest, previewNewsletterRecipients, sendNewsletter, type NewsletterSettings, type SendResult,
} from '../../../../domain/newsletter/index.js';
import { StringEnum } from '../../../../domain/shared/input-schema.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Paging, text, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';

const tags = ['Admin: newsletter'];
const errors = problemResponses(409);
const params = UuidParam('Edition');

const SendRecord = component('V1AdminNewsletterSend', Type.Object({
  edition_id: Type.String({ format: 'uuid' }),
  edition_number: Type.Integer(),
  mode: Type.Union([Type.Literal('all'), Type.Literal('test')]),
  send_id: Type.String({ format: 'uuid', description: 'The request in newsletter_sends (a repeat answers the earlier send)' }),
  recipients: Type.Integer({ description: 'Addressees of this request' }),
  queued: Type.Integer({ description: 'Messages queued now' }),
  already_queued: Type.Integer({ description: 'Addressees who already had this edition (not queued again)' }),
}, { title: 'NewsletterSend' }));
const presentSend = (r: SendResult) => ({
  edition_id: r.edition_id, edition_number: r.edition_number, mode: r.mode === 'all' ? 'all' as const : 'test' as const, send_id: r.send_id!,
  recipients: r.recipients, queued: r.queued, already_queued: r.already_queued,
});

const PreviewRecord = Type.Object({
  edition_id: Type.String({ format: 'uuid' }),
  recipients: Type.Integer({ description: 'Entitled subscribers' }),
  would_queue: Type.Integer({ description: 'Would be queued by a send now' }),
  already_queued: Type.Integer({ description: 'Already have this edition' }),
  addressees: Type.Array(Type.Object({
    email: Type.String(),
    user_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    action: Type.Union([Type.Literal('queue'), Type.Literal('already_queued')]),
    reasons: Type.Array(Type.String(), { description: 'Why this reader receives it' }),
  })),
});

const DigestRecord = component('V1AdminNewsletterDigest', Type.Object({
  subject: Type.String({ description: 'The subject line' }),
  html: Type.String({ description: 'The HTML part (a whole document, inline styles, every value escaped)' }),
  text: Type.String({ description: 'The plain-text part' }),
}, { title: 'NewsletterDigest' }), {
  subject: 'Airport Intelligence — Edition 42 (2026-11-27)', html: '<!doctype html><html>…</html>', text: 'Airport Intelligence — Edition 42…',
});

const TestBody = component('V1NewsletterTest', Type.Object({
  email: Type.String({ format: 'email', minLength: 3, maxLength: 320, description: 'The address that gets one copy' }),
}, { additionalProperties: false }), { email: 'editor@example.com' });

const Counts = Type.Object({ queued: Type.Integer(), sent: Type.Integer(), failed: Type.Integer(), dead: Type.Integer(), total: Type.Integer() });
const DeliveryRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  user_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  mode: Type.String({ description: 'all (subscribers), self or test' }),
  status: Type.String({ description: 'queued, sent, failed (will retry) or dead' }),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  queued_at: Type.String({ format: 'date-time' }),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export default async function adminNewsletterRoutes(app: FastifyInstance): Promise<void> {
  const settings: NewsletterSettings = { publicBaseUrl: app.publicBaseUrl };
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/editions/:id/newsletter/preview', {
    schema: {
      operationId: 'v1AdminPreviewNewsletter', summary: 'Dry run: who would receive the edition and why; nothing is sent', tags,
      description: 'Every entitled subscriber (active subscription, digest not off, not unsubscribed) with the reasons, and whether a send now would queue them or they already have the edition. Writes and sends nothing.',
      params, response: { 200: PreviewRecord, ...errors },
    },
  }, async (req) => {
    const addressees = await previewNewsletterRecipients(ctxOf(req), req.params.id);
    const already = addressees.filter((a) => a.action === 'already_queued').length;
    return { edition_id: req.params.id, recipients: addressees.length, would_queue: addressees.length - already, already_queued: already, addressees };
  });

  r.get('/editions/:id/newsletter/digest', {
    schema: {
      operationId: 'v1AdminRenderNewsletterDigest', summary: 'The digest as a subscriber will receive it: subject, HTML and plain text', tags,
      description: 'Renders the edition (any status) exactly as a send would, for a subscriber with the default delivery preferences (HTML with its text part, the full digest) and no favourites, so the articles keep the edition\u2019s order. Writes and sends nothing.',
      params, response: { 200: DigestRecord },
    },
  }, async (req) => previewNewsletterDigest(ctxOf(req), req.params.id, settings));

  r.post('/editions/:id/newsletter/test', {
    schema: {
      operationId: 'v1AdminTestNewsletter', summary: 'Send one copy of the edition to a named address', tags,
      description: 'Queues one copy (personalised as the user of that address when there is one) through the same outbox and budget as a send; a draft may be tested. Each call sends again. Audited.',
      params, body: TestBody, response: { 202: SendRecord, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(presentSend(await sendNewsletter(ctxOf(req), { editionId: req.params.id, testEmail: req.body.email }, settings))));

  r.post('/editions/:id/newsletter/send', {
    schema: {
      operationId: 'v1AdminSendNewsletter', summary: 'Queue the edition for every entitled subscriber, once per recipient', tags,
      description: 'The operation of `POST /api/admin/newsletter/send`: the edition must be published or archived (409 for a draft). Each subscriber\u2019s copy has a unique dedupe key, and parallel sends of one edition take turns on its row: however often and however concurrently it is called, each recipient gets the edition once. A repeat queues nothing, audits nothing, and answers the earlier send with `queued: 0`.',
      params, response: { 202: SendRecord, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(presentSend(await sendNewsletter(ctxOf(req), { editionId: req.params.id }, settings))));

  r.get('/editions/:id/newsletter/deliveries', {
    schema: {
      operationId: 'v1AdminListNewsletterDeliveries', summary: 'State counts and per-recipient messages of the edition\u2019s newsletter', tags,
      description: '`counts` by state (queued, sent, failed, dead) over every message of the edition; `deliveries` the messages matching the filters, newest first.',
      params,
      querystring: Type.Object({
        status: Type.Optional(StringEnum(DELIVERY_STATES, { description: 'Only messages in this state' })),
        mode: Type.Optional(StringEnum(['all', 'self', 'test'] as const, { description: 'Only messages of this kind of send' })),
        email: text('Part of the recipient address'),
        ...Paging(50),
      }),
      response: { 200: Type.Object({ counts: Counts, deliveries: Type.Array(DeliveryRecord) }), ...errors },
    },
  }, async (req) => {
    const { limit, offset, ...filter } = req.query;
    return listNewsletterDeliveries(ctxOf(req), req.params.id, filter, { limit, offset });
  });
}

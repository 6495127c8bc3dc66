/**
 * Sending an edition's newsletter: the operation behind `POST /api/admin/newsletter/send` (and the
 * other edition's dry-run, test-send and queue operations).
 *
 * - Which edition: `editionNumber`, or the latest published edition. Sending to every subscriber
 *   needs a published edition; a test send (self or named addresses) may preview a draft.
 * - Who: every entitled subscriber (recipients.ts), or only the caller (`onlyToSelf`), or only the
 *   named addresses (`testEmail`, `testEmails`; with `onlyToSelf` too, both).
 * - `dryRun`: answers who would receive it and how many, writes and sends nothing.
 * - Otherwise one transaction records the request (`newsletter_sends`), renders each reader's
 *   personalised message into the outbox (`email_outbox`, state `queued`; with `attach_pdf` its PDF
 *   rendering in `attachments`) and writes the audit entry. The outbox worker (outbox.ts) delivers. Nothing is sent twice: a subscriber's copy of
 *   an edition has the dedupe key `newsletter:<edition id>:user:<user id>`, unique in the table, so
 *   a repeated send queues nobody who already has it. Test sends are keyed by their request, so
 *   each test send delivers again (that is what an editor checking a layout wants).
 * - Once under concurrency: a send to every subscriber locks the edition's row for its transaction,
 *   so parallel sends of one edition take turns. One that finds every addressee already queued
 *   (a repeat, or the loser of a race) writes nothing, neither a `newsletter_sends` row nor an audit
 *   entry, and answers the earlier send's id with `queued: 0`: ten parallel sends give one set of
 *   outbox rows, one send record and one audit entry.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, lockRecord, requireAdmin } from '../admin/admin.js';
import { loadArticleViews, type ArticleView } from '../articles/index.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { findEditionByNumber, findLatestPublished, type EditionView } from '../editions/index.js';
import { entitledSubscribers, testRecipients, type Recipient } from './recipients.js';
import { renderDigestPdf, storeAttachments } from './digest-pdf.js';
import { editionPdfFilename, renderDigest } from './render.js';
import type { SendRequest } from './schemas.js';

/** Deployment settings the messages need. */
export interface NewsletterSettings {
  /** Base of the unsubscribe links, e.g. `https://intel.example.com`. */
  publicBaseUrl: string;
}

/** What a send (or dry run) did. */
export interface SendResult {
  dry_run: boolean;
  mode: 'all' | 'self' | 'test';
  edition_number: number;
  edition_id: string;
  /** The request's id in `newsletter_sends`; `null` on a dry run. */
  send_id: string | null;
  /** Addressees of this request. */
  recipients: number;
  /** Messages queued now (on a dry run: that would be queued). */
  queued: number;
  /** Addressees who already have this edition queued or delivered (not queued again). */
  already_queued: number;
  /** The addressees, by email. */
  emails: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The unsubscribe link of a token (`/api/unsubscribe/<token>`); test addresses get a harmless one. */
export const unsubscribeUrl = (settings: NewsletterSettings, token: string | null) =>
  `${settings.publicBaseUrl.replace(/\/+$/, '')}/api/unsubscribe/${token ?? 'test-message'}`;

/** Dedupe key of a subscriber's copy of an edition. */
export const subscriberKey = (editionId: string, userId: string) => `newsletter:${editionId}:user:${userId}`;

async function pickEdition(db: Kysely<DB>, number: number | undefined, id?: string): Promise<EditionView> {
  if (id !== undefined) {
    const row = await db.selectFrom('editions').select('number').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`Edition ${id}`);
    number = row.number;
  }
  if (number === undefined) {
    const latest = await findLatestPublished(db);
    if (!latest) throw notFound('Published edition');
    return latest;
  }
  const edition = await findEditionByNumber(db, number, ['draft', 'published', 'archived']);
  if (!edition) throw notFound(`Edition ${number}`);
  return edition;
}

/** The articles of edition `editionId` in edition order (`sort_order`, then id), as the digest renders them. */
export async function editionArticles(db: Kysely<DB>, editionId: string): Promise<ArticleView[]> {
  const ids = (await db.selectFrom('articles').select('id').where('edition_id', '=', editionId).orderBy('sort_order').orderBy('id').execute()).map((r) => r.id);
  return loadArticleViews(db, ids);
}

/**
 * The id of the latest send to every subscriber of `editionId` when every one of `recipients`
 * already has the edition queued or delivered (a repeated send: nothing to do), else `undefined`.
 */
async function repeatedSend(db: Kysely<DB>, editionId: string, recipients: Recipient[]): Promise<string | undefined> {
  const keys = recipients.map((r) => subscriberKey(editionId, r.userId!));
  for (let i = 0; i < keys.length; i += 1000) { // bounded lists of bind parameters
    const chunk = keys.slice(i, i + 1000);
    const queued = await db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'in', chunk).execute();
    if (queued.length < chunk.length) return undefined;
  }
  const earlier = await db.selectFrom('newsletter_sends').select('id').where('edition_id', '=', editionId).where('mode', '=', 'all')
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return earlier?.id;
}

/** A send request naming the edition by id (the /v1/admin paths) instead of by number. */
export type EditionSendRequest = SendRequest & { editionId?: string };

/**
 * Plans and (unless `dryRun`) queues an edition's newsletter. Administrators only. `editionId`
 * (the /v1/admin paths) names the edition instead of `editionNumber`.
 * @throws DomainError NOT_FOUND (edition), VALIDATION (bad address), CONFLICT (a draft to every subscriber)
 */
export async function sendNewsletter(ctx: Ctx, request: EditionSendRequest, settings: NewsletterSettings): Promise<SendResult> {
  requireAdmin(ctx.identity);
  const tests = [...(request.testEmail ? [request.testEmail] : []), ...(request.testEmails ?? [])];
  for (const [i, e] of tests.entries()) {
    if (!EMAIL.test(e.trim())) throw invalidParam(request.testEmail && i === 0 ? 'testEmail' : 'testEmails', `"${e}" is not an email address`);
  }
  const mode: SendResult['mode'] = tests.length ? 'test' : request.onlyToSelf ? 'self' : 'all';
  const edition = await pickEdition(ctx.db, request.editionNumber, request.editionId);
  if (mode === 'all' && edition.status === 'draft') {
    throw conflict(`Edition ${edition.number} is a draft; publish it before sending it to subscribers (a test send may preview it)`);
  }
  const recipients: Recipient[] =
    mode === 'all' ? await entitledSubscribers(ctx.db, ctx.now()) : await testRecipients(ctx.db, [...(request.onlyToSelf ? [ctx.identity.email] : []), ...tests]);
  const keyOf = (r: Recipient, sendId: string) =>
    mode === 'all' ? subscriberKey(edition.id, r.userId!) : `newsletter:${edition.id}:${mode}:${sendId}:${r.email.toLowerCase()}`;

  if (request.dryRun) {
    let already = 0;
    if (mode === 'all' && recipients.length) {
      const keys = recipients.map((r) => subscriberKey(edition.id, r.userId!));
      const rows = await ctx.db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'in', keys).execute();
      already = rows.length;
    }
    return {
      dry_run: true, mode, edition_number: edition.number, edition_id: edition.id, send_id: null,
      recipients: recipients.length, queued: recipients.length - already, already_queued: already, emails: recipients.map((r) => r.email),
    };
  }

  const articles = await editionArticles(ctx.db, edition.id);
  return adminWrite(ctx, async (trx, tctx) => {
    if (mode === 'all') {
      await lockRecord(trx, 'editions', edition.id); // parallel sends of one edition take turns
      const earlier = await repeatedSend(trx, edition.id, recipients);
      if (earlier) {
        return {
          dry_run: false, mode, edition_number: edition.number, edition_id: edition.id, send_id: earlier,
          recipients: recipients.length, queued: 0, already_queued: recipients.length, emails: recipients.map((r) => r.email),
        };
      }
    }
    const send = await trx.insertInto('newsletter_sends')
      .values({ edition_id: edition.id, requested_by: tctx.identity!.userId, mode, recipients: recipients.length })
      .returning('id').executeTakeFirstOrThrow();
    let queued = 0;
    for (let i = 0; i < recipients.length; i += 200) {
      const rows = await Promise.all(recipients.slice(i, i + 200).map(async (r) => {
        const link = unsubscribeUrl(settings, r.unsubscribeToken);
        const digest = renderDigest(edition, articles, r, link, mode !== 'all');
        // attach_pdf: rendered now and stored with the row, so every retry sends the same file.
        const attachments = r.attachPdf
          ? [{ filename: editionPdfFilename(edition), contentType: 'application/pdf', content: await renderDigestPdf({ ...digest.pdf, createdAt: tctx.now() }) }]
          : [];
        return {
          send_id: send.id, dedupe_key: keyOf(r, send.id), to_email: r.email, user_id: r.userId,
          subject: digest.subject, html: digest.html, text_body: digest.text, unsubscribe_url: link, attachments: storeAttachments(attachments),
          // Due now by the service clock (not the database's), so a worker on the same clock sends it.
          created_at: tctx.now(), next_attempt_at: tctx.now(),
        };
      }));
      if (!rows.length) continue;
      const inserted = await trx.insertInto('email_outbox').values(rows).onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('id').execute();
      queued += inserted.length;
    }
    const already = recipients.length - queued;
    await trx.updateTable('newsletter_sends').set({ queued, already_queued: already }).where('id', '=', send.id).execute();
    await recordAudit(trx, tctx, {
      action: 'send', entity: 'newsletter_send', entityId: send.id,
      after: { edition_id: edition.id, edition_number: edition.number, mode, recipients: recipients.length, queued, already_queued: already },
    });
    return {
      dry_run: false, mode, edition_number: edition.number, edition_id: edition.id, send_id: send.id,
      recipients: recipients.length, queued, already_queued: already, emails: recipients.map((r) => r.email),
    };
  });
}

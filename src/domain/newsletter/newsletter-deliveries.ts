/**
 * What became of an edition's newsletter (administrators): the outbox rows (`email_outbox`) of the
 * edition's sends (`newsletter_sends`), counted by state and listed per recipient; and the dry run
 * with the reason each recipient would receive it (or already has it).
 */
import { sql } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import { entitledSubscribers } from './recipients.js';
import { subscriberKey } from './send-newsletter.js';

/** Outbox states: `queued` (waiting), `sent`, `failed` (will retry), `dead` (gave up). */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'dead'] as const;
/** An outbox state. */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One message of an edition's newsletter. */
export interface Delivery {
  id: string;
  email: string;
  user_id: string | null;
  /** `all` (subscribers), `self` or `test` */
  mode: string;
  status: string;
  attempts: number;
  last_error: string | null;
  /** ISO instants */
  queued_at: string;
  sent_at: string | null;
}

/** Filters of the delivery list. */
export interface DeliveryFilter {
  status?: DeliveryState | undefined;
  mode?: 'all' | 'self' | 'test' | undefined;
  /** Part of the address (case-insensitive) */
  email?: string | undefined;
}

/** State counts of an edition's messages. */
export type DeliveryCounts = Record<DeliveryState, number> & { total: number };

async function requireEditionId(ctx: Ctx, id: string): Promise<void> {
  requireAdmin(ctx.identity);
  const row = await ctx.db.selectFrom('editions').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Edition ${id}`);
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * The edition's messages by state, and the window of them matching `filter` (newest first).
 * @throws DomainError FORBIDDEN, NOT_FOUND
 */
export async function listNewsletterDeliveries(ctx: Ctx, editionId: string, filter: DeliveryFilter, window: Window): Promise<{ counts: DeliveryCounts; deliveries: Delivery[] }> {
  await requireEditionId(ctx, editionId);
  const base = () => ctx.db.selectFrom('email_outbox as o').innerJoin('newsletter_sends as s', 's.id', 'o.send_id').where('s.edition_id', '=', editionId);
  const byState = await base().select(['o.status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('o.status').execute();
  const counts = { queued: 0, sent: 0, failed: 0, dead: 0, total: 0 } as DeliveryCounts;
  for (const r of byState) {
    if ((DELIVERY_STATES as readonly string[]).includes(r.status)) counts[r.status as DeliveryState] = Number(r.n);
    counts.total += Number(r.n);
  }
  const rows = await base()
    .$if(filter.status !== undefined, (q) => q.where('o.status', '=', filter.status!))
    .$if(filter.mode !== undefined, (q) => q.where('s.mode', '=', filter.mode!))
    .$if(filter.email !== undefined, (q) => q.where(sql`strpos(lower(o.to_email), ${filter.email!.toLowerCase()})`, '>', 0))
    .select(['o.id', 'o.to_email', 'o.user_id', 's.mode', 'o.status', 'o.attempts', 'o.last_error', 'o.created_at', 'o.sent_at'])
    .orderBy('o.created_at', 'desc').orderBy('o.id').limit(window.limit).offset(window.offset).execute();
  return {
    counts,
    deliveries: rows.map((r) => ({
      id: r.id, email: r.to_email, user_id: r.user_id, mode: r.mode, status: r.status, attempts: r.attempts, last_error: r.last_error,
      queued_at: iso(r.created_at)!, sent_at: iso(r.sent_at),
    })),
  };
}

/** One addressee of the dry run. */
export interface PreviewRecipient {
  email: string;
  user_id: string | null;
  /** `queue` (would be queued now) or `already_queued` (has this edition; not queued again) */
  action: 'queue' | 'already_queued';
  /** Why this reader receives the edition */
  reasons: string[];
}

/**
 * The dry run of a send to every subscriber of edition `editionId`: each entitled subscriber with
 * why they receive it (an active subscription, the digest on, not unsubscribed; their favourites
 * personalise it) and whether they already have it. Sends and writes nothing.
 * @throws DomainError FORBIDDEN, NOT_FOUND
 */
export async function previewNewsletterRecipients(ctx: Ctx, editionId: string): Promise<PreviewRecipient[]> {
  await requireEditionId(ctx, editionId);
  const recipients = await entitledSubscribers(ctx.db, ctx.now());
  const keys = recipients.map((r) => subscriberKey(editionId, r.userId!));
  const have = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    for (const r of await ctx.db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'in', chunk).execute()) have.add(r.dedupe_key);
  }
  return recipients.map((r) => ({
    email: r.email,
    user_id: r.userId,
    action: have.has(subscriberKey(editionId, r.userId!)) ? 'already_queued' : 'queue',
    reasons: [
      'active subscription',
      `digest on (${r.digestFormat}${r.headlinesOnly ? ', headlines only' : ''}${r.attachPdf ? ', PDF attached' : ''})`,
      'not unsubscribed',
      ...(r.interests.length ? [`personalised by ${r.interests.length} favourite(s)`] : []),
    ],
  }));
}

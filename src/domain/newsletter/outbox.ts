/**
 * The email outbox worker: delivers `email_outbox` rows through a mail transport.
 *
 * States: `queued` (waiting), `sent` (the transport accepted it), `failed` (an attempt failed; it
 * is retried at `next_attempt_at`), `dead` (the last attempt failed; never retried).
 *
 * Every piece of state is in the database, none in process memory, so any number of workers (in
 * `serve`, in `airport-intel worker`, across machines on one PostgreSQL) can run, stop and restart:
 * - Claiming: one short transaction under an advisory lock picks due rows (`queued`/`failed`,
 *   `next_attempt_at <= now`, no live lease) with `FOR UPDATE SKIP LOCKED`, counts the attempt and
 *   sets a lease (`locked_until = now + lease`, `locked_by`). A worker that dies leaves leases that
 *   expire; the rows are then claimed again, so nothing is lost.
 * - Order: single messages (alerts, invitations, procurement notices) before newsletter copies
 *   (rows of a `newsletter_sends`), then by due time: a large newsletter never holds an alert back.
 * - Budget: the same transaction counts messages sent in the last hour and day plus those leased
 *   and in flight, and claims no more than the hourly and daily budgets allow.
 * - Sending: after the transport accepts a message it is marked `sent` (guarded by the lease, so a
 *   worker whose lease was taken over cannot mark another's). Each message has a fixed Message-ID
 *   (`<outbox id@airport-intel>`), so in the one unavoidable window (the process dies after the
 *   SMTP server accepted a message and before the row says so) a re-delivery carries the same
 *   Message-ID and mail systems can recognise it.
 * - Failure: retried with exponential backoff (`backoffMs(attempt)`), `dead` after `maxAttempts`.
 * - Never twice: `dedupe_key` is unique (send-newsletter.ts), and a `sent` row is never claimed.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { loadAttachments, type MailAttachment } from './digest-pdf.js';

/** A message handed to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string | null;
  /** Files attached when the message was queued (a digest's PDF: `attach_pdf`); empty for most. */
  attachments: MailAttachment[];
  /** `<outbox id@airport-intel>`: the same on every attempt. */
  messageId: string;
}

/** Delivers one message; resolves when the provider accepted it, rejects otherwise. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void | Promise<void>;
}

/** Messages per hour and per day at most. */
export interface SendBudget {
  hourly: number;
  daily: number;
}

/** How a worker runs. */
export interface OutboxWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  budget: SendBudget;
  /** Names this worker in `locked_by` (default: a random id). */
  workerId?: string;
  /** Lease of a claimed message (default 5 minutes). */
  leaseMs?: number;
  /** Messages claimed per transaction (default 25). */
  batchSize?: number;
  /** Attempts before a message is dead (default 5). */
  maxAttempts?: number;
  /** Delay before retry number `attempt + 1` (default 1 min × 4^(attempt−1), at most 6 h). */
  backoffMs?: (attempt: number) => number;
  /** The clock: the service's (`startWorker` passes `ctx.now`); tests move their own. */
  now: () => Date;
}

/** What one `processOutbox` run did. */
export interface OutboxRunReport {
  sent: number;
  /** Attempts that failed and will be retried. */
  retried: number;
  dead: number;
  /** Stopped because the hourly or daily budget is spent. */
  budgetExhausted: boolean;
}

/** Outbox state for the operator (the other edition's email-usage report). */
export interface OutboxUsage {
  queued: number;
  failed: number;
  dead: number;
  sent: number;
  sent_last_hour: number;
  sent_last_day: number;
  budget: SendBudget;
}

const CLAIM_LOCK_KEY = 72_640_004;
export const defaultBackoffMs = (attempt: number) => Math.min(60_000 * 4 ** Math.max(0, attempt - 1), 6 * 3_600_000);

interface Claimed {
  id: string;
  to_email: string;
  subject: string;
  html: string;
  text_body: string;
  unsubscribe_url: string | null;
  attachments: unknown;
  attempts: number;
}

/** Sent in the last hour and day, and leased right now. */
async function budgetUse(db: Kysely<DB>, now: Date) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const { rows } = await sql<{ hour: number; day: number; in_flight: number }>`
    select (select count(*)::int from email_outbox where status = 'sent' and sent_at > ${hourAgo}) as hour,
           (select count(*)::int from email_outbox where status = 'sent' and sent_at > ${dayAgo}) as day,
           (select count(*)::int from email_outbox where status in ('queued', 'failed') and locked_until > ${now}) as in_flight`.execute(db);
  return rows[0]!;
}

/** Claims up to `limit` due messages within the budget. @returns the claimed rows and whether the budget stopped the claim */
async function claim(o: Required<Omit<OutboxWorkerOptions, 'transport'>>, limit: number): Promise<{ rows: Claimed[]; budgetExhausted: boolean }> {
  return o.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
    const now = o.now();
    const use = await budgetUse(trx, now);
    const allowance = Math.min(o.budget.hourly - use.hour - use.in_flight, o.budget.daily - use.day - use.in_flight);
    const n = Math.min(limit, allowance);
    if (n <= 0) return { rows: [], budgetExhausted: allowance <= 0 };
    const { rows } = await sql<Claimed>`
      update email_outbox set locked_until = ${new Date(now.getTime() + o.leaseMs)}, locked_by = ${o.workerId}, attempts = attempts + 1
       where id in (select id from email_outbox
                     where status in ('queued', 'failed') and next_attempt_at <= ${now}
                       and (locked_until is null or locked_until <= ${now})
                     order by (send_id is not null), next_attempt_at, created_at, id
                     limit ${n} for update skip locked)
       returning id, to_email, subject, html, text_body, unsubscribe_url, attachments, attempts`.execute(trx);
    return { rows, budgetExhausted: false };
  });
}

function settle(o: OutboxWorkerOptions) {
  return {
    db: o.db,
    budget: o.budget,
    workerId: o.workerId ?? `worker-${Math.random().toString(36).slice(2, 10)}`,
    leaseMs: o.leaseMs ?? 5 * 60_000,
    batchSize: o.batchSize ?? 25,
    maxAttempts: o.maxAttempts ?? 5,
    backoffMs: o.backoffMs ?? defaultBackoffMs,
    now: o.now,
  };
}

/**
 * Delivers due messages until none is due, the budget is spent, `maxMessages` were handled or
 * `signal` aborts. An abort stops at once, as a crash would: claimed but unsent messages keep their
 * lease until it expires, then any worker takes them.
 */
export async function processOutbox(options: OutboxWorkerOptions, run: { signal?: AbortSignal; maxMessages?: number } = {}): Promise<OutboxRunReport> {
  const o = settle(options);
  const report: OutboxRunReport = { sent: 0, retried: 0, dead: 0, budgetExhausted: false };
  let handled = 0;
  const max = run.maxMessages ?? Number.POSITIVE_INFINITY;
  while (!run.signal?.aborted && handled < max) {
    const { rows, budgetExhausted } = await claim(o, Math.min(o.batchSize, max - handled));
    if (budgetExhausted) report.budgetExhausted = true;
    if (!rows.length) break;
    for (const m of rows) {
      if (run.signal?.aborted) return report;
      handled++;
      try {
        await options.transport.send({
          id: m.id, to: m.to_email, subject: m.subject, html: m.html, text: m.text_body,
          unsubscribeUrl: m.unsubscribe_url, attachments: loadAttachments(m.attachments), messageId: `<${m.id}@airport-intel>`,
        });
        await o.db.updateTable('email_outbox')
          .set({ status: 'sent', sent_at: o.now(), locked_until: null, last_error: null })
          .where('id', '=', m.id).where('locked_by', '=', o.workerId).where('status', 'in', ['queued', 'failed'])
          .execute();
        report.sent++;
      } catch (err) {
        const dead = m.attempts >= o.maxAttempts;
        await o.db.updateTable('email_outbox')
          .set({
            status: dead ? 'dead' : 'failed',
            locked_until: null,
            last_error: String((err as Error).message ?? err).slice(0, 1000),
            next_attempt_at: new Date(o.now().getTime() + (dead ? 0 : o.backoffMs(m.attempts))),
          })
          .where('id', '=', m.id).where('locked_by', '=', o.workerId).where('status', 'in', ['queued', 'failed'])
          .execute();
        if (dead) report.dead++;
        else report.retried++;
      }
    }
  }
  return report;
}

/** A running background worker. */
export interface RunningWorker {
  /** Aborted when `stop()` is called (the loop's own signal; for observers such as tests). */
  readonly signal?: AbortSignal;
  /** Stops after the message in hand; resolves when the loop has ended. */
  stop(): Promise<void>;
}

/** Outbox depth, dead letters and sends in the last hour and day against the budget. */
export async function outboxUsage(ctx: Ctx, budget: SendBudget): Promise<OutboxUsage> {
  const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from email_outbox group by status`.execute(ctx.db);
  const by = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const use = await budgetUse(ctx.db, ctx.now());
  return { queued: by('queued'), failed: by('failed'), dead: by('dead'), sent: by('sent'), sent_last_hour: use.hour, sent_last_day: use.day, budget };
}

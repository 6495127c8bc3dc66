/**
 * Retention (decision 0037): what has served its purpose is purged by one daily job of the job
 * mechanism (`housekeeping.purge`, src/jobs/handlers.ts), with windows set by the deployment
 * (`RETENTION_*`, README "Configuration"):
 *
 * | what                | purged                                                                  |
 * |---------------------|-------------------------------------------------------------------------|
 * | `outbox_bodies`     | HTML, text and attachments of messages sent more than `outboxDays` ago (the row stays: its dedupe key keeps it from being sent twice) |
 * | `sessions`          | sessions that expired or were revoked more than `sessionDays` ago (their tokens are refused either way) |
 * | `idempotency_keys`  | keys past their 24-hour life (docs/decisions/0016)                      |
 * | `webhook_attempts`  | webhook attempt log entries older than `webhookAttemptDays`             |
 * | `usage_counters`    | daily request counts (API keys, OAuth users) of UTC days more than `usageDays` ago |
 * | `oauth_records`     | the authorization server's expired records (codes, tokens, interactions, sessions, grants), and apps registered more than a day ago that no one connected (docs/oauth.md) |
 *
 * Every purge runs in batches (each a short statement, within PostgreSQL's statement timeout), and
 * adds its count to `housekeeping_totals` in the batch's transaction: the totals `/metrics` reports
 * are exact whichever process ran the job.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../context.js';
import { DAY_MS } from '../clock.js';
import { purgeIdempotencyKeys } from '../idempotency/index.js';
import { defineJob, type JobHandler } from '../jobs/index.js';
import { DEFAULT_RETENTION, PURGED_KINDS, UNUSED_REGISTRATION_MS, type PurgedKind, type PurgeReport, type RetentionWindows } from './windows.js';

/** Rows one statement touches at most. */
const BATCH = 1000;

/** Adds `n` to the total of `what`, in `ctx.db` (the batch's transaction). */
async function addToTotal(ctx: Ctx, what: PurgedKind, n: number): Promise<void> {
  await ctx.db.insertInto('housekeeping_totals').values({ what, purged: n, last_run_at: ctx.now() })
    .onConflict((oc) => oc.column('what').doUpdateSet({ purged: sql`housekeeping_totals.purged + ${n}`, last_run_at: ctx.now() }))
    .execute();
}

/** Runs `batch` (a statement returning the rows it touched) until it touches fewer than {@link BATCH}. @returns rows touched */
async function inBatches(ctx: Ctx, what: PurgedKind, batch: (limit: number) => RawBuilder<unknown>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const { rows } = await batch(BATCH).execute(trx);
      await addToTotal({ ...ctx, db: trx }, what, rows.length);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

const daysBefore = (ctx: Ctx, days: number) => new Date(ctx.now().getTime() - days * DAY_MS);

/**
 * Purges everything past its window (by `ctx.now()`), kind after kind.
 * @returns how many records of each kind were purged
 */
export async function purgeExpired(ctx: Ctx, windows: RetentionWindows = DEFAULT_RETENTION): Promise<PurgeReport> {
  const outboxBefore = daysBefore(ctx, windows.outboxDays);
  const sessionsBefore = daysBefore(ctx, windows.sessionDays);
  const attemptsBefore = daysBefore(ctx, windows.webhookAttemptDays);
  const usageBefore = daysBefore(ctx, windows.usageDays).toISOString().slice(0, 10);
  const outbox_bodies = await inBatches(ctx, 'outbox_bodies', (limit) => sql`
    update email_outbox set html = '', text_body = '', attachments = '[]'::jsonb
     where id in (select id from email_outbox
                   where status = 'sent' and sent_at < ${outboxBefore}
                     and (html <> '' or text_body <> '' or attachments <> '[]'::jsonb)
                   limit ${limit})
    returning id`);
  const sessions = await inBatches(ctx, 'sessions', (limit) => sql`
    delete from sessions where id in (select id from sessions
                                       where expires_at < ${sessionsBefore} or revoked_at < ${sessionsBefore}
                                       limit ${limit})
    returning id`);
  const idempotency_keys = await ctx.db.transaction().execute(async (trx) => {
    const n = await purgeIdempotencyKeys({ ...ctx, db: trx });
    await addToTotal({ ...ctx, db: trx }, 'idempotency_keys', n);
    return n;
  });
  const webhook_attempts = await inBatches(ctx, 'webhook_attempts', (limit) => sql`
    delete from webhook_attempts where id in (select id from webhook_attempts where created_at < ${attemptsBefore} limit ${limit})
    returning id`);
  const usage_counters = await inBatches(ctx, 'usage_counters', (limit) => sql`
    delete from usage_counters where (api_key_id, day) in (select api_key_id, day from usage_counters where day < ${usageBefore}::date limit ${limit})
    returning day`);
  const oauth_usage = await inBatches(ctx, 'usage_counters', (limit) => sql`
    delete from oauth_usage_counters where (user_id, day) in (select user_id, day from oauth_usage_counters where day < ${usageBefore}::date limit ${limit})
    returning day`);
  const unusedBefore = new Date(ctx.now().getTime() - UNUSED_REGISTRATION_MS);
  const oauth_records = await inBatches(ctx, 'oauth_records', (limit) => sql`
    delete from oauth_records where (kind, id) in (
      select r.kind, r.id from oauth_records r
       where r.expires_at < ${ctx.now()}
          or (r.kind = 'Client' and r.created_at < ${unusedBefore}
              and not exists (select 1 from oauth_records g where g.kind = 'Grant' and g.payload->>'clientId' = r.id))
       limit ${limit})
    returning id`);
  return { outbox_bodies, sessions, idempotency_keys, webhook_attempts, usage_counters: usage_counters + oauth_usage, oauth_records };
}

/** What `/metrics` reports of the housekeeping: totals by kind and the last run. */
export interface HousekeepingTotals {
  purged: Record<PurgedKind, number>;
  /** When the job last ran (any kind), or `null` before its first run. */
  lastRunAt: Date | null;
}

/** The purge totals since the database was created. */
export async function housekeepingTotals(ctx: Ctx): Promise<HousekeepingTotals> {
  const rows = await ctx.db.selectFrom('housekeeping_totals').select(['what', 'purged', 'last_run_at']).execute();
  const purged = Object.fromEntries(PURGED_KINDS.map((k) => [k, 0])) as Record<PurgedKind, number>;
  let lastRunAt: Date | null = null;
  for (const r of rows) {
    if ((PURGED_KINDS as readonly string[]).includes(r.what)) purged[r.what as PurgedKind] = Number(r.purged);
    if (!lastRunAt || r.last_run_at > lastRunAt) lastRunAt = r.last_run_at;
  }
  return { purged, lastRunAt };
}

/** The housekeeping job: `housekeeping.purge`, once a day (the first run when a worker first starts). */
export function housekeepingJobs(windows: RetentionWindows): JobHandler<never>[] {
  return [
    defineJob<Record<string, never>>({ kind: 'housekeeping.purge', every: DAY_MS, maxAttempts: 3, run: async (ctx) => void (await purgeExpired(ctx, windows)) }),
  ] as JobHandler<never>[];
}

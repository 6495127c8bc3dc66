/**
 * Running due jobs: claim one at a time under a lease, run its handler, settle it (done, retried
 * with backoff, or dead). Any number of workers may run this at once over one database.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { defaultJobBackoffMs, type JobHandler } from './jobs.js';

/** How one {@link runDueJobs} call runs. */
export interface RunJobsOptions {
  /** The handlers this worker runs; jobs of other kinds are left for a worker that knows them. */
  handlers: readonly JobHandler<never>[];
  /** Names the worker in `locked_by` (default: a random id). */
  workerId?: string;
  /** Stops between jobs when aborted (a job in hand sees it through `JobRun.signal`). */
  signal?: AbortSignal;
  /** At most this many jobs (default: until none is due). */
  maxJobs?: number;
}

/** What one {@link runDueJobs} call did. */
export interface JobRunReport {
  done: number;
  /** Attempts that failed and will be retried. */
  retried: number;
  dead: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 10;
/** Finished jobs are kept this long (for the operator), then deleted by the worker. */
const KEEP_DONE_MS = 7 * 86_400_000;

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

const recurringKey = (kind: string) => `recurring:${kind}`;

/** Makes sure each recurring handler has one unfinished instance (the first one due now). */
async function ensureRecurring(ctx: Ctx, handlers: readonly JobHandler<never>[]): Promise<void> {
  for (const h of handlers) {
    if (!h.every) continue;
    const key = recurringKey(h.kind);
    await sql`
      insert into jobs (kind, payload, run_at, dedupe_key, created_at)
      select ${h.kind}, '{}'::jsonb, ${ctx.now()}, ${key}, ${ctx.now()}
       where not exists (select 1 from jobs where dedupe_key = ${key} and status in ('queued', 'running', 'failed'))
      on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'failed') do nothing`.execute(ctx.db);
  }
}

/**
 * Claims the next due job of a known kind (of `only`, when given), or a running one whose lease
 * expired.
 */
async function claimOne(ctx: Ctx, byKind: Map<string, JobHandler<never>>, workerId: string, only?: string): Promise<Claimed | null> {
  const kinds = only === undefined ? [...byKind.keys()] : byKind.has(only) ? [only] : [];
  if (!kinds.length) return null;
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const { rows } = await sql<{ id: string; kind: string }>`
      select id, kind from jobs
       where kind = any(${kinds}::text[])
         and ((status in ('queued', 'failed') and run_at <= ${now}) or (status = 'running' and locked_until <= ${now}))
       order by run_at, created_at, id
       limit 1 for update skip locked`.execute(trx);
    const job = rows[0];
    if (!job) return null;
    const lease = byKind.get(job.kind)?.leaseMs ?? DEFAULT_LEASE_MS;
    const claimed = await sql<Claimed>`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
                      locked_until = ${new Date(now.getTime() + lease)}
       where id = ${job.id}
       returning id, kind, payload, attempts`.execute(trx);
    return claimed.rows[0] ?? null;
  });
}

/** Marks a job done (and schedules the next instance of a recurring handler), if still ours. */
async function settleDone(ctx: Ctx, job: Claimed, handler: JobHandler<never>, workerId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const done = await trx.updateTable('jobs')
      .set({ status: 'done', finished_at: now, locked_until: null, last_error: null })
      .where('id', '=', job.id).where('locked_by', '=', workerId).where('status', '=', 'running')
      .executeTakeFirst();
    if (handler.every && Number(done.numUpdatedRows) === 1) {
      const key = recurringKey(handler.kind);
      await sql`
        insert into jobs (kind, payload, run_at, dedupe_key, created_at)
        values (${handler.kind}, '{}'::jsonb, ${new Date(now.getTime() + handler.every)}, ${key}, ${now})
        on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'failed') do nothing`.execute(trx);
    }
  });
}

/** Records a failed attempt: retried after the backoff, or dead after the last attempt. */
async function settleFailed(ctx: Ctx, job: Claimed, handler: JobHandler<never>, workerId: string, err: unknown): Promise<'retried' | 'dead'> {
  const max = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const dead = job.attempts >= max;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('jobs')
      .set({
        status: dead ? 'dead' : 'failed',
        locked_until: null,
        last_error: String((err as Error)?.message ?? err).slice(0, 1000),
        run_at: dead ? now : new Date(now.getTime() + (handler.backoffMs ?? defaultJobBackoffMs)(job.attempts)),
        finished_at: dead ? now : null,
      })
      .where('id', '=', job.id).where('locked_by', '=', workerId).where('status', '=', 'running')
      .executeTakeFirst();
    // A recurring handler goes on after a dead instance.
    if (dead && handler.every && Number(updated.numUpdatedRows) === 1) {
      const key = recurringKey(handler.kind);
      await sql`
        insert into jobs (kind, payload, run_at, dedupe_key, created_at)
        values (${handler.kind}, '{}'::jsonb, ${new Date(now.getTime() + handler.every)}, ${key}, ${now})
        on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'failed') do nothing`.execute(trx);
    }
  });
  return dead ? 'dead' : 'retried';
}

/** The kinds among `kinds` that have a job due now (by `ctx.now()`), claimable by some worker. */
export async function dueJobKinds(ctx: Ctx, kinds: readonly string[]): Promise<Set<string>> {
  if (!kinds.length) return new Set();
  const now = ctx.now();
  const { rows } = await sql<{ kind: string }>`
    select distinct kind from jobs
     where kind = any(${[...kinds]}::text[])
       and ((status in ('queued', 'failed') and run_at <= ${now}) or (status = 'running' and locked_until <= ${now}))`.execute(ctx.db);
  return new Set(rows.map((r) => r.kind));
}

/**
 * Upkeep before a pass of the worker: one pending instance of each recurring handler, and jobs
 * finished more than 7 days ago deleted.
 */
export async function prepareJobs(ctx: Ctx, handlers: readonly JobHandler<never>[]): Promise<void> {
  await ensureRecurring(ctx, handlers);
  await sql`delete from jobs where status = 'done' and finished_at < ${new Date(ctx.now().getTime() - KEEP_DONE_MS)}`.execute(ctx.db);
}

/** The outcome of {@link runOneJob}: `null` when no job of the kind was due. */
export type JobOutcome = 'done' | 'retried' | 'dead' | 'stopped' | null;

/**
 * Claims one due job (of kind `only`, or of any kind of `byKind`), runs its handler and settles it.
 * `stopped`: `signal` aborted while the handler ran and it threw (the lease expires, the job runs again).
 */
export async function runOneJob(
  ctx: Ctx, byKind: Map<string, JobHandler<never>>, workerId: string, signal: AbortSignal, only?: string,
): Promise<JobOutcome> {
  const job = await claimOne(ctx, byKind, workerId, only);
  if (!job) return null;
  const handler = byKind.get(job.kind)!;
  const jobCtx: Ctx = { ...ctx, requestId: `job:${job.kind}:${job.id}` };
  try {
    await handler.run(jobCtx, job.payload as never, { id: job.id, kind: job.kind, attempt: job.attempts, signal });
  } catch (err) {
    if (signal.aborted) return 'stopped';
    return settleFailed(ctx, job, handler, workerId, err);
  }
  await settleDone(ctx, job, handler, workerId);
  return 'done';
}

/**
 * Runs every job that is due now (by `ctx.now()`) and whose kind is among `handlers`, one at a
 * time, until none is due, `maxJobs` ran or `signal` aborts. Also keeps one pending instance of
 * each recurring handler and deletes jobs finished more than 7 days ago.
 * Tests call it directly for "one worker cycle".
 */
export async function runDueJobs(ctx: Ctx, options: RunJobsOptions): Promise<JobRunReport> {
  const workerId = options.workerId ?? `worker-${Math.random().toString(36).slice(2, 10)}`;
  const byKind = new Map(options.handlers.map((h) => [h.kind, h]));
  const report: JobRunReport = { done: 0, retried: 0, dead: 0 };
  const signal = options.signal ?? new AbortController().signal;
  await prepareJobs(ctx, options.handlers);
  const max = options.maxJobs ?? Number.POSITIVE_INFINITY;
  let ran = 0;
  while (!signal.aborted && ran < max) {
    const outcome = await runOneJob(ctx, byKind, workerId, signal);
    if (outcome === null || outcome === 'stopped') break;
    ran++;
    report[outcome]++;
  }
  return report;
}

/**
 * The service's one mechanism for work that happens later (decision 0018): durable jobs in the
 * `jobs` table (migration 0006), run by the worker loop of `serve` or `airport-intel worker`.
 *
 * - A job is `{ kind, payload }`; `kind` names a {@link JobHandler} (the list is
 *   src/jobs/handlers.ts). Enqueue it inside the transaction of the write that causes it
 *   ({@link enqueueJob}), so the job exists if and only if the write committed.
 * - A worker claims a due job with `FOR UPDATE SKIP LOCKED` and a lease: two processes never run
 *   one job at once; a process that dies leaves a lease that expires, and the job runs again.
 *   Handlers must therefore be idempotent (dedupe their effects in the database).
 * - A thrown error retries with the handler's backoff; after `maxAttempts` the job is `dead`.
 * - `every` makes a handler recurring: the worker keeps exactly one pending instance, due `every`
 *   milliseconds after the last one finished.
 * Email keeps its own table (`email_outbox`, with its send budget); the same worker loop drains it
 * (./worker.ts), so there is still one loop.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { DomainError } from '../errors.js';

/** A claimed job as a handler sees it. */
export interface JobRun {
  id: string;
  kind: string;
  /** 1 on the first attempt. */
  attempt: number;
  /** Aborted when the worker stops: a long handler should stop early (the job then runs again). */
  signal: AbortSignal;
}

/** What runs a kind of job. */
export interface JobHandler<P = unknown> {
  /** Unique name, e.g. `alerts.match-edition` (`<area>.<verb>`). */
  kind: string;
  /**
   * Does the work. `ctx` is a system context (no identity) over the database and the service's
   * clock. Resolving marks the job done; throwing retries it (the message becomes `last_error`).
   */
  run(ctx: Ctx, payload: P, job: JobRun): Promise<void>;
  /** Attempts before `dead` (default 10). */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1`, in ms (default 30 s × 2^(attempt−1), at most 1 h). */
  backoffMs?: (attempt: number) => number;
  /** Lease of a claimed job, in ms (default 5 minutes): longer than the handler ever runs. */
  leaseMs?: number;
  /** Recurring: run every `every` ms (the worker keeps one pending instance; payload `{}`). */
  every?: number;
}

/** Jobs (and outbox batches) one worker runs at once when nothing is configured (`JOB_CONCURRENCY`, decision 0036). */
export const DEFAULT_JOB_CONCURRENCY = 4;

/** Declares a handler (typed payload); add it to src/jobs/handlers.ts to have it run. */
export function defineJob<P>(handler: JobHandler<P>): JobHandler<P> {
  return handler;
}

/** The default backoff: 30 s, 1 min, 2 min … at most 1 hour. */
export const defaultJobBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

/** What {@link enqueueJob} takes. */
export interface NewJob {
  kind: string;
  /** JSON-serialisable input of the handler. */
  payload?: unknown;
  /** When it may run (default: now, by `ctx.now()`). */
  runAt?: Date;
  /**
   * At most one pending (queued or failed) job per key: a second enqueue while one is pending is a
   * no-op. Example: `poll-source:<id>`.
   */
  dedupeKey?: string;
}

/**
 * Adds a job in `ctx.db` (call it with the transaction of the write that causes it).
 * @returns the new job's id, or `null` when a pending job with the same `dedupeKey` exists
 * @throws DomainError VALIDATION when `kind` is empty or longer than 100 characters
 */
export async function enqueueJob(ctx: Ctx, job: NewJob): Promise<string | null> {
  if (!job.kind || job.kind.length > 100) throw new DomainError('VALIDATION', 'A job kind has 1 to 100 characters');
  const runAt = job.runAt ?? ctx.now();
  const payload = JSON.stringify(job.payload ?? {});
  const { rows } = await sql<{ id: string }>`
    insert into jobs (kind, payload, run_at, dedupe_key, created_at)
    values (${job.kind}, ${payload}::jsonb, ${runAt}, ${job.dedupeKey ?? null}, ${ctx.now()})
    on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'failed') do nothing
    returning id`.execute(ctx.db);
  return rows[0]?.id ?? null;
}

/** Counts of jobs by state, for the operator. */
export interface JobCounts {
  queued: number;
  running: number;
  failed: number;
  done: number;
  dead: number;
}

/** How many jobs of `kind` (or all) are in each state. */
export async function countJobs(ctx: Ctx, kind?: string): Promise<JobCounts> {
  const { rows } = await sql<{ status: keyof JobCounts; n: number }>`
    select status, count(*)::int as n from jobs ${kind ? sql`where kind = ${kind}` : sql``} group by status`.execute(ctx.db);
  const counts: JobCounts = { queued: 0, running: 0, failed: 0, done: 0, dead: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

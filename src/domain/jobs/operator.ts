/**
 * The operator's view of the `jobs` table: metrics by kind and state (`/metrics`), and the
 * `airport-intel jobs list|retry|discard` commands (docs/operations.md).
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { JOB_STATES, type JobState } from './states.js';

export { JOB_STATES, type JobState };

/** The jobs of one kind, by state, for `/metrics`. */
export interface JobKindMetrics {
  kind: string;
  counts: Record<JobState, number>;
  /** Seconds the oldest due job (queued, or failed and due for its retry) has waited past its `run_at`; 0 when none waits. */
  oldestDueAgeSeconds: number;
}

/** Counts of every kind in the table, by state, and how long the oldest due job of each has waited (by `ctx.now()`). */
export async function jobMetrics(ctx: Ctx): Promise<JobKindMetrics[]> {
  const now = ctx.now();
  const { rows } = await sql<{ kind: string; status: JobState; n: number; oldest_due: Date | null }>`
    select kind, status, count(*)::int as n,
           min(run_at) filter (where status in ('queued', 'failed') and run_at <= ${now}) as oldest_due
      from jobs group by kind, status order by kind`.execute(ctx.db);
  const byKind = new Map<string, JobKindMetrics>();
  for (const r of rows) {
    let m = byKind.get(r.kind);
    if (!m) byKind.set(r.kind, (m = { kind: r.kind, counts: { queued: 0, running: 0, failed: 0, done: 0, dead: 0 }, oldestDueAgeSeconds: 0 }));
    m.counts[r.status] = r.n;
    if (r.oldest_due) m.oldestDueAgeSeconds = Math.max(m.oldestDueAgeSeconds, (now.getTime() - new Date(r.oldest_due).getTime()) / 1000);
  }
  return [...byKind.values()];
}

/** A job as the operator sees it. */
export interface JobView {
  id: string;
  kind: string;
  status: JobState;
  attempts: number;
  run_at: string;
  created_at: string;
  finished_at: string | null;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  payload: unknown;
}

/** What {@link listJobs} lists. */
export interface JobListFilter {
  status?: JobState | undefined;
  kind?: string | undefined;
  /** At most this many, newest first (default 50, at most 1000). */
  limit?: number | undefined;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type JobRow = Omit<JobView, 'run_at' | 'created_at' | 'finished_at' | 'locked_until'> & { run_at: Date; created_at: Date; finished_at: Date | null; locked_until: Date | null };

const present = (r: JobRow): JobView => ({
  id: r.id, kind: r.kind, status: r.status, attempts: r.attempts, run_at: iso(r.run_at)!, created_at: iso(r.created_at)!,
  finished_at: iso(r.finished_at), locked_by: r.locked_by, locked_until: iso(r.locked_until), last_error: r.last_error,
  dedupe_key: r.dedupe_key, payload: r.payload,
});

const COLUMNS = ['id', 'kind', 'status', 'attempts', 'run_at', 'created_at', 'finished_at', 'locked_by', 'locked_until', 'last_error', 'dedupe_key', 'payload'] as const;

/**
 * Jobs by state and kind, newest first.
 * @throws DomainError VALIDATION for an unknown state or a limit outside 1..1000
 */
export async function listJobs(ctx: Ctx, filter: JobListFilter = {}): Promise<JobView[]> {
  if (filter.status !== undefined && !JOB_STATES.includes(filter.status)) throw new DomainError('VALIDATION', `A job state is one of ${JOB_STATES.join(', ')}`);
  const limit = filter.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new DomainError('VALIDATION', 'The limit is an integer from 1 to 1000');
  let q = ctx.db.selectFrom('jobs').select(COLUMNS);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => present(r as JobRow));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findJob(ctx: Ctx, id: string): Promise<JobRow> {
  if (!UUID.test(id)) throw new DomainError('VALIDATION', 'A job id is a UUID (see `airport-intel jobs list`)');
  const row = await ctx.db.selectFrom('jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Job ${id}`);
  return row as JobRow;
}

/**
 * Runs a dead or failed job again as soon as a worker is free: `queued`, due now, its attempts
 * counted from zero (the handler's full number of attempts), its last error kept until it runs.
 * @throws DomainError NOT_FOUND (no such job), CONFLICT (it is queued, running or done, or another
 *   pending job has its dedupe key), VALIDATION (not a UUID)
 */
export async function retryJob(ctx: Ctx, id: string): Promise<JobView> {
  const job = await findJob(ctx, id);
  if (job.status !== 'dead' && job.status !== 'failed') throw new DomainError('CONFLICT', `Job ${id} is ${job.status}: only a dead or failed job can be retried`);
  if (job.dedupe_key) {
    const twin = await ctx.db.selectFrom('jobs').select('id').where('dedupe_key', '=', job.dedupe_key)
      .where('status', 'in', ['queued', 'failed']).where('id', '!=', id).executeTakeFirst();
    if (twin) throw new DomainError('CONFLICT', `Job ${twin.id} with the same dedupe key (${job.dedupe_key}) is already pending`);
  }
  const row = await ctx.db.updateTable('jobs')
    .set({ status: 'queued', run_at: ctx.now(), attempts: 0, finished_at: null, locked_by: null, locked_until: null })
    .where('id', '=', id).where('status', 'in', ['dead', 'failed'])
    .returning(COLUMNS).executeTakeFirst();
  if (!row) throw new DomainError('CONFLICT', `Job ${id} changed meanwhile: list it again`);
  return present(row as JobRow);
}

/**
 * Deletes a job that is not running (queued, failed, dead or done): it will never run.
 * @returns the job as it was
 * @throws DomainError NOT_FOUND, CONFLICT (running: its worker holds it), VALIDATION (not a UUID)
 */
export async function discardJob(ctx: Ctx, id: string): Promise<JobView> {
  const job = await findJob(ctx, id);
  if (job.status === 'running') throw new DomainError('CONFLICT', `Job ${id} is running (worker ${job.locked_by}): discard it once it has settled`);
  const deleted = await ctx.db.deleteFrom('jobs').where('id', '=', id).where('status', '!=', 'running').executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new DomainError('CONFLICT', `Job ${id} changed meanwhile: list it again`);
  return present(job);
}

/**
 * Pruning the change feed: changes (tombstones included) older than {@link CHANGE_RETENTION_DAYS}
 * days by the service clock are deleted and the feed's horizon moves past them, so a cursor from
 * before it is answered GONE rather than silently missing changes. Runs as the recurring job
 * `changes.prune` (src/jobs/handlers.ts).
 */
import type { Ctx } from '../context.js';
import { DAY_MS } from '../clock.js';
import { defineJob, type JobHandler } from '../jobs/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import { deleteChangesBefore } from './repository.js';
import { CHANGE_RETENTION_DAYS } from './schemas.js';

/** Deletes the changes committed more than the retention before `ctx.now()`. @returns how many */
export async function pruneChanges(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - CHANGE_RETENTION_DAYS * DAY_MS);
  return writeTransaction(ctx, (trx) => deleteChangesBefore(trx, cutoff));
}

/** The job kind of the pruning. */
export const PRUNE_CHANGES_JOB = 'changes.prune';

/** The recurring job (every six hours). */
export function changeJobs(): JobHandler<never>[] {
  const prune = defineJob<Record<string, never>>({ kind: PRUNE_CHANGES_JOB, every: 6 * 3_600_000, maxAttempts: 3, run: async (ctx) => { await pruneChanges(ctx); } });
  return [prune] as unknown as JobHandler<never>[];
}

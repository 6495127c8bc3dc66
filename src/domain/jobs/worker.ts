/**
 * The worker loop: ONE loop per process for all later work (decision 0018). Each cycle drains the
 * email outbox (its own table, because of the send budget: ../newsletter/outbox.ts) and then runs
 * every due job ({@link runDueJobs}), then pauses. `serve` runs it in-process unless `MAIL_WORKER=off`;
 * `airport-intel worker` runs it alone. Any number of processes may run it over one PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../context.js';
import { processOutbox, type OutboxRunReport, type OutboxWorkerOptions, type RunningWorker } from '../newsletter/index.js';
import type { JobHandler } from './jobs.js';
import { runDueJobs, type JobRunReport } from './run-jobs.js';

/** What the loop runs. */
export interface WorkerSettings {
  /** The job handlers (src/jobs/handlers.ts). */
  handlers: readonly JobHandler<never>[];
  /** The outbox lane; omitted: this worker sends no mail. */
  outbox?: Omit<OutboxWorkerOptions, 'db' | 'now'>;
  /** Names the worker in leases (default: a random id). */
  workerId?: string;
}

/** What one cycle did. */
export interface WorkerCycleReport {
  outbox: OutboxRunReport | null;
  jobs: JobRunReport;
}

/**
 * Starts the loop with the database and clock of `ctx` (a system context). Errors of a cycle (a
 * database restart) go to `onError` and the loop goes on; `stop()` ends a pause at once.
 */
export function startWorker(
  ctx: Ctx,
  settings: WorkerSettings,
  loop: { intervalMs?: number; onError?: (err: unknown) => void; onReport?: (r: WorkerCycleReport) => void } = {},
): RunningWorker {
  const workerId = settings.workerId ?? `worker-${Math.random().toString(36).slice(2, 10)}`;
  const outbox: OutboxWorkerOptions | null = settings.outbox ? { workerId, ...settings.outbox, db: ctx.db, now: () => ctx.now() } : null;
  const controller = new AbortController();
  const interval = loop.intervalMs ?? 5_000;
  const done = (async () => {
    while (!controller.signal.aborted) {
      try {
        const mail = outbox ? await processOutbox(outbox, { signal: controller.signal }) : null;
        const jobs = await runDueJobs(ctx, { handlers: settings.handlers, workerId, signal: controller.signal });
        if ((mail && (mail.sent || mail.retried || mail.dead)) || jobs.done || jobs.retried || jobs.dead) loop.onReport?.({ outbox: mail, jobs });
      } catch (err) {
        loop.onError?.(err);
      }
      // One timer per pause whose abort listener is removed when it fires (an AbortError on stop).
      await sleep(interval, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  })();
  return {
    signal: controller.signal,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

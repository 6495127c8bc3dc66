/**
 * The worker as a process: `airport-intel worker` runs it alone (for PostgreSQL deployments that
 * scale background work apart from the web servers), and `serve` runs the same loop in-process unless
 * `MAIL_WORKER=off` (the embedded database belongs to one process, so there it must run in `serve`).
 * One worker does all later work: the email outbox and every durable job (src/domain/jobs, decision
 * 0018), up to JOB_CONCURRENCY pieces at once, fair between kinds (decision 0036).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { systemCtx } from '../domain/context.js';
import { startWorker, type WorkerCycleReport } from '../domain/jobs/index.js';
import type { WorkerState } from '../domain/system/check-readiness.js';
import type { RunningWorker } from '../domain/newsletter/index.js';
import { jobHandlers } from '../jobs/handlers.js';
import { systemClock } from '../system-clock.js';
import { mailTransportFor } from '../mail/transport.js';

/** Starts the worker loop for `config`; stop it before closing the database. */
export function startMailWorker(database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'error'>): RunningWorker {
  const transport = mailTransportFor({ smtpUrl: config.mail.smtpUrl, mailFrom: config.mail.from, dataDir: config.dataDir });
  const handlers = jobHandlers(config);
  const worker = startWorker(
    systemCtx(database.db, systemClock, 'worker'),
    {
      handlers,
      concurrency: config.jobs.concurrency,
      outbox: { transport, budget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily }, maxAttempts: config.mail.maxAttempts },
    },
    { onError: (err) => log.error({ err }, 'worker: cycle failed'), onReport: (report: WorkerCycleReport) => log.info(report, 'worker: cycle done') },
  );
  log.info({
    transport: config.mail.smtpUrl ? 'smtp' : 'eml files in DATA_DIR/outbox',
    budget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily },
    jobs: handlers.map((h) => h.kind),
    concurrency: config.jobs.concurrency,
  }, 'worker started');
  return {
    async stop() {
      await worker.stop();
      await transport.close?.();
    },
  };
}

/**
 * The state `GET /readyz` reports of the worker started by {@link startMailWorker} in this process:
 * `running` until `stop()` is called, then `stopped` (also before it is started). The one place the
 * readiness probe reads the worker: a richer signal of the runner (a heartbeat of its last cycle)
 * plugs in here.
 */
export function workerState(worker: RunningWorker | undefined): WorkerState {
  return worker && !worker.signal?.aborted ? 'running' : 'stopped';
}

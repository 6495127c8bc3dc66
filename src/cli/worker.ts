/**
 * The outbox worker as a process: `airport-intel worker` runs it alone (for PostgreSQL deployments
 * that scale senders apart from the web servers), and `serve` runs the same loop in-process unless
 * `MAIL_WORKER=off` (the embedded database belongs to one process, so there it must run in `serve`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { systemCtx } from '../domain/context.js';
import { systemClock } from '../system-clock.js';
import { startOutboxWorker, type RunningWorker } from '../domain/newsletter/index.js';
import { mailTransportFor } from '../mail/transport.js';

/** Starts the outbox loop for `config`; stop it before closing the database. */
export function startMailWorker(database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'error'>): RunningWorker {
  const transport = mailTransportFor({ smtpUrl: config.mail.smtpUrl, mailFrom: config.mail.from, dataDir: config.dataDir });
  const worker = startOutboxWorker(
    systemCtx(database.db, systemClock, 'outbox-worker'),
    { transport, budget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily }, maxAttempts: config.mail.maxAttempts },
    { onError: (err) => log.error({ err }, 'outbox worker: run failed'), onReport: (report) => log.info({ outbox: report }, 'outbox worker: delivered') },
  );
  log.info({ transport: config.mail.smtpUrl ? 'smtp' : 'eml files in DATA_DIR/outbox', budget: { hourly: config.mail.budgetHourly, daily: config.mail.budgetDaily } }, 'outbox worker started');
  return {
    async stop() {
      await worker.stop();
      await transport.close?.();
    },
  };
}

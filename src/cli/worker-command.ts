/**
 * `airport-intel worker`: migrates, then runs the worker (email outbox and durable jobs, up to
 * JOB_CONCURRENCY at once) until SIGINT/SIGTERM, logging as `serve` does (./logging.ts: JSON lines,
 * or pretty lines on a terminal or with LOG_FORMAT=pretty).
 * Any number may run beside the servers on one PostgreSQL (leases in the database keep them apart).
 * On the embedded database stop `serve` first (one process at a time), or let `serve` run it.
 */
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { loggerOptions } from './logging.js';
import { openConfiguredDatabase } from './runtime.js';
import { startMailWorker } from './worker.js';

export async function runWorker(): Promise<void> {
  const config = loadConfig();
  const { stream, ...options } = loggerOptions(config) as LoggerOptions & { stream?: DestinationStream };
  const settings: LoggerOptions = { ...options, base: { pid: process.pid, process: 'worker' } };
  const log = stream ? pino(settings, stream) : pino(settings);
  const database = await openConfiguredDatabase(config);
  const applied = await migrate(database);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  const worker = startMailWorker(database, config, log);
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  log.info({ signal }, 'stopping the worker');
  await worker.stop();
  await database.close();
  log.info('worker stopped');
  log.flush();
}

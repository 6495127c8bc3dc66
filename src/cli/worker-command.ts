/**
 * `airport-intel worker`: migrates, then runs the worker (email outbox and durable jobs) until SIGINT/SIGTERM.
 * Any number may run beside the servers on one PostgreSQL (leases in the database keep them apart).
 * On the embedded database stop `serve` first (one process at a time), or let `serve` run it.
 */
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openConfiguredDatabase, say } from './runtime.js';
import { startMailWorker } from './worker.js';

export async function runWorker(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrate(database);
  const log = {
    info: (obj: unknown, msg?: string) => say(`${msg ?? ''} ${JSON.stringify(obj)}`.trim()),
    error: (obj: unknown, msg?: string) => say(`${msg ?? ''} ${obj instanceof Error ? obj.message : JSON.stringify(obj)}`.trim()),
  };
  const worker = startMailWorker(database, config, log as never);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  say('stopping the worker');
  await worker.stop();
  await database.close();
}

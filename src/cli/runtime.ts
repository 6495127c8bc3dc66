/**
 * What every CLI command shares: configuration, opening the database (embedded or PostgreSQL),
 * printing results and failing with a clear message.
 */
// Types only at the top: the modules themselves are imported when a command opens the database, so
// that `--help`, `--version` and usage errors start without them (src/cli/main.ts).
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/**
 * Opens the database of `config`; with `MEDIA_STORE=s3` its media go to the object store
 * (docs/media.md).
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const { openDatabase, targetFromConfig } = await import('../db/client.js');
  const database = await openDatabase(targetFromConfig(config));
  const s3 = config.mediaObjectStore;
  if (s3) {
    // The media modules (sharp, the AWS SDK) only when the object store is configured.
    const { s3Client, s3MediaStore, useObjectStore } = await import('../domain/media/index.js');
    useObjectStore(database.db, s3MediaStore(s3Client(s3), s3.bucket));
  }
  return database;
}

/** A CLI usage mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

/** A failure whose message says it all: printed alone on stderr (no stack), exit code 1. */
export class CliFailure extends Error {}

/**
 * The one-line failure for a listen error of `port` on `host` (busy port, no permission, unknown
 * address), or `err` itself when it is something else.
 * @param variable the environment variable that chooses the port (`PORT`, `METRICS_PORT`)
 */
export function listenFailure(err: unknown, host: string, port: number, variable: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return new CliFailure(`port ${port} on ${host} is already in use (set ${variable} to another port)`);
  if (code === 'EACCES') return new CliFailure(`not allowed to listen on port ${port} on ${host} (set ${variable} to a port above 1023)`);
  if (code === 'EADDRNOTAVAIL') return new CliFailure(`cannot listen on ${host}: no such address on this machine (set HOST)`);
  return err;
}

/** Progress and notices go to stderr so that stdout carries only the result. */
export const say = (message: string): void => {
  process.stderr.write(message + '\n');
};

/**
 * Opens the configured database, brings its schema up to date (unless `migrate: false`), runs `fn`, closes it.
 * `longStatements: true` lifts `DB_STATEMENT_TIMEOUT_MS` for this command (bulk loads whose batches
 * take what they take on a large database; the serving processes keep their bound).
 */
export async function withDatabase<T>(
  fn: (database: Database, config: Config) => Promise<T>,
  options: { migrate?: boolean; longStatements?: boolean } = {},
): Promise<T> {
  const { loadConfig } = await import('../config.js');
  const loaded = loadConfig();
  const config = options.longStatements ? { ...loaded, dbStatementTimeoutMs: 0 } : loaded;
  const database = await openConfiguredDatabase(config);
  try {
    if (options.migrate !== false) await (await import('../db/migrate.js')).migrate(database);
    return await fn(database, config);
  } finally {
    await database.close();
  }
}

/** Reads a required string option. @throws UsageError */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

/** Reads a positive integer option. @throws UsageError */
export function positiveInt(values: Record<string, unknown>, name: string, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--${name} must be a positive integer`);
  }
  return n;
}

/**
 * The database client: one Kysely instance over either the embedded PGlite database
 * (default, persisted under `DATA_DIR/pglite`) or a PostgreSQL server (`DATABASE_URL`, pooled).
 * Both speak the same SQL; the same migrations and queries run on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { cancellationSignal } from '../domain/cancellation.js';
import { connectionIsBroken, DatabaseUnavailableError } from './errors.js';
import { registerPool } from './copy.js';
import { guardDialect } from './guard.js';
import type { DB } from './types.js';

/** Type OIDs whose text form we parse ourselves, identically on both engines. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** A connected database. */
export interface Database {
  /** The typed query layer used everywhere. */
  db: Kysely<DB>;
  /** `pglite` for the embedded engine, `postgres` for a server. */
  kind: 'pglite' | 'postgres';
  /** Runs a script of several SQL statements (migrations); no parameters. */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` on one dedicated connection that holds a session-level advisory lock `key`,
   * so that concurrent processes (several servers starting at once) take turns. Used by migrations.
   */
  withExclusiveSession<T>(key: number, fn: (session: ScriptSession) => Promise<T>): Promise<T>;
  /** Closes connections and releases the embedded data-directory lock. */
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (open, idle) and the queries waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded engine only: subscribes `onPayload` to NOTIFY on `channel` (delivered at the COMMIT of
   * the notifying transaction, before its writer resumes); resolves to the unsubscribe function.
   * Absent on a PostgreSQL server, where other processes write too (src/domain/system/content-version.ts).
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Embedded engine only: the data directory as an uncompressed tarball (PGlite `dumpDataDir`), for templates and backups. */
  dumpDataDir?: () => Promise<Blob>;
}

/** A single connection that runs scripts and plain queries. */
export interface ScriptSession {
  exec(script: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
}

/**
 * How long the app's queries may take (docs/decisions/0013-timeouts-and-unavailability.md). Both
 * apply to the Kysely handle (`db`) only; `exec` and `withExclusiveSession` (migrations, scripts)
 * are unbounded. Absent or 0: no limit.
 */
export interface DatabaseTimeouts {
  /**
   * PostgreSQL only: `statement_timeout` of every statement in milliseconds (SQLSTATE 57014 when it
   * fires). The client also gives up on a statement after this plus {@link READ_TIMEOUT_GRACE_MS}
   * without an answer (a frozen server enforces nothing) and drops that connection. PGlite cannot
   * interrupt a statement (it runs on the event loop's thread), so it has no statement timeout.
   */
  statementMs?: number | undefined;
  /** Both engines: longest wait for a connection in milliseconds (pool exhausted, server not accepting, PGlite busy). */
  acquireMs?: number | undefined;
}

/** How much longer than the statement timeout the client waits for any answer before dropping the connection. */
export const READ_TIMEOUT_GRACE_MS = 1000;
/** TCP keepalive probes start after this long idle on a PostgreSQL connection. */
const KEEPALIVE_DELAY_MS = 10_000;

/** Where to connect: a PostgreSQL URL, an embedded data directory, or an in-memory embedded database. */
export type DatabaseTarget = (
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir: string; /** A `dumpDataDir` tarball to create the database from (`airport-intel restore`). */ loadDataDir?: Blob }
  | { kind: 'pglite-memory'; /** A `dumpDataDir` tarball to start from (a migrated template). */ loadDataDir?: Blob }
) & { timeouts?: DatabaseTimeouts | undefined };

/** Thrown when another process holds the embedded database. */
export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (is "airport-intel serve" running?). ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server.',
    );
  }
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the single-writer lock of an embedded data directory (a file holding the owner's pid).
 * A lock left by a dead process is taken over.
 * @throws DatabaseInUseError when a live process holds it.
 * @returns a function that releases the lock.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'airport-intel.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidIsAlive(owner)) {
        throw new DatabaseInUseError(dir, owner);
      }
      fs.unlinkSync(lockFile); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/**
 * Opens the database named by `target`.
 * @throws DatabaseInUseError for an embedded data directory that another live process holds.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const { statementMs, acquireMs } = target.timeouts ?? {};
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? 10,
      // The service runs short queries; JIT compilation costs them hundreds of ms whenever the
      // planner's estimate crosses jit_above_cost (docs/decisions/0003-postgresql-settings.md).
      // statement_timeout bounds each statement on the server (docs/decisions/0013).
      options: `-c jit=off${statementMs ? ` -c statement_timeout=${statementMs}` : ''}`,
      // Waiting for a free connection or for a new one to be established (pg-pool's own deadline;
      // the guard in ./guard.ts enforces the same one on both engines).
      ...(acquireMs ? { connectionTimeoutMillis: acquireMs } : {}),
      // A peer that vanished (host down, network cut) is noticed on idle connections too.
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
          if (oid === DATE) return (v: string) => v;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection that the server ends (restart, pg_terminate_backend) must not crash the
    // process: the pool drops it and opens a new one for the next query.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`, 'DatabaseWarning');
    });
    const readTimeoutMs = statementMs ? statementMs + READ_TIMEOUT_GRACE_MS : undefined;
    // The statement of a request whose client went away is cancelled (src/domain/cancellation.ts).
    const db = new Kysely<DB>({ dialect: guardDialect(new PostgresDialect({ pool: guardedPool(pool, readTimeoutMs, protocolCanceller(target.url)) }), { acquireMs }) });
    // The CSV exports read `COPY … TO STDOUT` as bytes on a connection of this pool (./copy.ts).
    registerPool(db, pool);
    return {
      db,
      kind: 'postgres',
      exec: async (script) => {
        const conn = await pool.connect();
        try {
          await unbounded(conn, () => conn.query(script));
        } finally {
          conn.release();
        }
      },
      withExclusiveSession: async (key, fn) => {
        const conn = await pool.connect();
        try {
          // Waiting for another process's migrations, and the migrations themselves, take what they take.
          await conn.query('set statement_timeout = 0');
          await conn.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn({
              exec: async (script) => {
                await conn.query(script);
              },
              rows: async <T>(query: string) => (await conn.query(query)).rows as T[],
            });
          } finally {
            await conn.query('select pg_advisory_unlock($1)', [key]);
            await conn.query('reset statement_timeout');
          }
        } finally {
          conn.release();
        }
      },
      close: async () => {
        // The pool is ended directly, as PGlite's client is below: Kysely's destroy would answer a
        // query after it (a request still in flight at shutdown) with an error of its own, a 500;
        // an ended pool's "Cannot use a pool after calling end" is UNAVAILABLE (./errors.ts), a 503.
        // A second close does nothing.
        if (!pool.ending) await pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (target.kind === 'pglite') {
    release = lockDataDir(target.dataDir);
    dataDir = path.join(target.dataDir, 'pglite');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
    });
  } catch (err) {
    release();
    throw err;
  }
  // One connection, used by one query at a time: the guard bounds the wait for it (docs/decisions/0013).
  const db = new Kysely<DB>({ dialect: guardDialect(new PGliteDialect(client), { acquireMs }) });
  return {
    db,
    kind: 'pglite',
    exec: async (script) => {
      await client.exec(script);
    },
    // One process owns the embedded database (see lockDataDir), so no advisory lock is needed.
    withExclusiveSession: (_key, fn) =>
      fn({
        exec: async (script) => {
          await client.exec(script);
        },
        rows: async <T>(query: string) => (await client.query<T>(query)).rows,
      }),
    close: async () => {
      // The client is closed directly (Kysely's destroy would only close one that ever ran a query,
      // and would answer later queries with an error of its own): a query after close fails with
      // "PGlite is closed", which is UNAVAILABLE (src/db/errors.ts) — a 503, not a 500, for a
      // request still in flight at shutdown.
      if (!client.closed) await client.close();
      release();
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Runs `work` on `conn` with the statement timeout lifted (scripts and migrations may take long),
 * then restores the connection's default.
 */
async function unbounded<T>(conn: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await conn.query('set statement_timeout = 0');
  try {
    return await work();
  } finally {
    await conn.query('reset statement_timeout');
  }
}

/**
 * The pool as Kysely sees it: each statement gets the client-side read timeout, and a connection
 * that failed (terminated, reset, or silent past the read timeout) is destroyed on release instead
 * of going back to the pool, so the next query gets a fresh one.
 */
function guardedPool(pool: pg.Pool, readTimeoutMs: number | undefined, cancel: (client: pg.PoolClient) => void): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // Set once a statement of this checkout was cancelled or refused for an abandoned request
      // (src/domain/cancellation.ts): the connection is then closed on release, never reused.
      let abandoned: Error | undefined;
      // A checked-out client whose connection fails between queries emits 'error': without a
      // listener that would crash the process. The failure is remembered; the client is dropped on release.
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      const query = async (text: string, values: unknown[]) => {
        const signal = cancellationSignal();
        if (signal?.aborted) {
          abandoned ??= new DatabaseUnavailableError('abandoned');
          throw abandoned;
        }
        const onAbort = () => {
          abandoned ??= new DatabaseUnavailableError('abandoned');
          cancel(client);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
          return await client.query({ text, values, ...(readTimeoutMs ? { query_timeout: readTimeoutMs } : {}) } as pg.QueryConfig);
        } catch (err) {
          if (abandoned) throw new DatabaseUnavailableError('abandoned', err);
          if (connectionIsBroken(err)) broken = err as Error;
          throw err;
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      };
      const release = () => {
        client.off('error', onError);
        client.release(broken ?? abandoned);
      };
      return { query, release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** What a checked-out connection knows of its server session (pg sets both from BackendKeyData; not in its type declarations). */
interface BackendKey {
  processID: number | null;
  secretKey: number | null;
}

/** The part of pg's `Connection` that sends a cancel (what `Client.cancel` of node-postgres uses; not in its type declarations). */
interface CancelConnection {
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
  on(event: 'connect', listener: () => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
}

/**
 * Cancels the statement that the server session of `client` runs, by the protocol's CancelRequest
 * (process id and secret key, on a new socket to the same server, as node-postgres's own
 * `Client.cancel` sends it): it needs no free connection of the pool (the pool may be exhausted by
 * the very statements to cancel), no authentication, and passes through PgBouncer, which maps the
 * key to the server session. A cancel that cannot be sent is only logged as a warning.
 */
function protocolCanceller(url: string): (client: pg.PoolClient) => void {
  return (client) => {
    const { processID, secretKey } = client as unknown as BackendKey;
    if (processID === null || secretKey === null) return;
    const courier = new pg.Client({ connectionString: url });
    const connection = courier.connection as unknown as CancelConnection;
    connection.on('error', (err) => process.emitWarning(`Could not cancel a PostgreSQL statement: ${err.message}`, 'DatabaseWarning'));
    connection.on('connect', () => connection.cancel(processID, secretKey));
    if (courier.host.startsWith('/')) connection.connect(`${courier.host}/.s.PGSQL.${courier.port}`);
    else connection.connect(courier.port, courier.host);
  };
}

/** Chooses the target from the configuration: `DATABASE_URL` if set, else the embedded database in `DATA_DIR`. */
export function targetFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolMax: number;
  dbStatementTimeoutMs?: number;
  dbAcquireTimeoutMs?: number;
}): DatabaseTarget {
  const timeouts: DatabaseTimeouts = { statementMs: config.dbStatementTimeoutMs, acquireMs: config.dbAcquireTimeoutMs };
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.dbPoolMax, timeouts }
    : { kind: 'pglite', dataDir: config.dataDir, timeouts };
}

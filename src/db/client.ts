/**
 * The database client: one Kysely instance over either the embedded PGlite database
 * (default, persisted under `DATA_DIR/pglite`) or a PostgreSQL server (`DATABASE_URL`, pooled).
 * Both speak the same SQL; the same migrations and queries run on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
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
  /** Embedded engine only: the data directory as an uncompressed tarball (PGlite `dumpDataDir`), for templates. */
  dumpDataDir?: () => Promise<Blob>;
}

/** A single connection that runs scripts and plain queries. */
export interface ScriptSession {
  exec(script: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
}

/** Where to connect: a PostgreSQL URL, an embedded data directory, or an in-memory embedded database. */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; /** A `dumpDataDir` tarball to start from (a migrated template). */ loadDataDir?: Blob };

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
function lockDataDir(dir: string): () => void {
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
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? 10,
      // The service runs short queries; JIT compilation costs them hundreds of ms whenever the
      // planner's estimate crosses jit_above_cost (docs/decisions/0003-postgresql-settings.md).
      options: '-c jit=off',
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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      exec: async (script) => {
        await pool.query(script);
      },
      withExclusiveSession: async (key, fn) => {
        const conn = await pool.connect();
        try {
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
          }
        } finally {
          conn.release();
        }
      },
      close: () => db.destroy(),
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
      ...(target.kind === 'pglite-memory' && target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
    });
  } catch (err) {
    release();
    throw err;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
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
      await db.destroy();
      // Kysely closes the client only if it ever ran a query; an unused one would keep the process alive.
      if (!client.closed) await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** Chooses the target from the configuration: `DATABASE_URL` if set, else the embedded database in `DATA_DIR`. */
export function targetFromConfig(config: { databaseUrl: string | undefined; dataDir: string; dbPoolMax: number }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.dbPoolMax }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * What the scale benches of issue 31 share (bench/projects-scale.ts, bench/search-distinct.ts):
 * the database (a seeded one named by BENCH_DATABASE_URL, or a throwaway one seeded here for a
 * smoke run), the caller (an administrator on the enterprise plan: no quota, no preview), the app
 * in this process with the response cache OFF (every request reaches the database, as a reader's
 * new query does), the `EXPLAIN (ANALYZE, BUFFERS)` of the statements a request sends, and the
 * MET/MISSED line.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import type { DB } from '../src/db/types.js';
import { systemCtx, type Ctx } from '../src/domain/context.js';
import { createApiKey, createUser, loadIdentity } from '../src/domain/identity/index.js';
import { seedSynthetic, type SyntheticOptions } from '../src/seed/synthetic.js';
import { systemClock } from '../src/system-clock.js';
import { StatementRecorder } from './verify.js';

/** Progress and notes go to stderr; results to stdout. */
export const say = (m: string): void => void process.stderr.write(m + '\n');

/** The server URL used to create a throwaway database (its maintenance database). */
const SERVER = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database to measure: `close()` drops it when this bench created it. */
export interface BenchDatabase {
  url: string;
  database: Database;
  /** True when seeded by this run (a smoke run), false for BENCH_DATABASE_URL. */
  throwaway: boolean;
  close(): Promise<void>;
}

async function onServer(statement: string, url = SERVER): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * BENCH_DATABASE_URL (already migrated and seeded: `DATABASE_URL=… airport-intel seed synthetic …`,
 * bench/README.md), migrated to the current schema; or, without it, a throwaway database on
 * BENCH_SERVER_URL seeded with `smoke` (dropped by `close()`).
 */
export async function benchDatabase(smoke: SyntheticOptions, poolMax: number): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const database = await openDatabase({ kind: 'postgres', url: given, poolMax });
    await migrate(database);
    return { url: given, database, throwaway: false, close: () => database.close() };
  }
  const name = `ai_scale_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const drop = () => onServer(`drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax });
    await migrate(database);
    say(`smoke run: a throwaway database ${name} seeded with ${JSON.stringify({ ...smoke, onProgress: undefined })} (set BENCH_DATABASE_URL for the real run)`);
    await seedSynthetic(database.db, { ...smoke, onProgress: (done, total, kind) => say(`  seeded ${done} / ${total} ${kind}`) });
    await onServer('vacuum analyze', url.toString());
    return {
      url: url.toString(),
      database,
      throwaway: true,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** The bench caller: an administrator on the enterprise plan (created once per database), a new API key, its context. */
export async function benchCaller(database: Database): Promise<{ key: string; ctx: Ctx }> {
  const sys = systemCtx(database.db, systemClock);
  const email = 'bench-scale@example.test';
  const existing = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const userId = existing?.id ?? (await createUser(sys, { email, plan: 'enterprise', admin: true })).id;
  const { key } = await createApiKey(sys, { email, label: 'bench' });
  const identity = await loadIdentity(sys, userId, 'api_key');
  return { key, ctx: { ...sys, identity: identity ?? null } };
}

/** The app over `database`, response cache off, listening on 127.0.0.1; its base URL. */
export async function benchApp(database: Database): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ database, sessionSecret: 'bench-secret-0123456789-0123456789-0123456789', logger: false, responseCache: { enabled: false } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/**
 * The statements `run` sends through `ctx` (recorded by a Kysely plugin), each with its
 * `EXPLAIN (ANALYZE, BUFFERS)` plan run on one connection of `url`.
 */
export async function explainStatements(url: string, ctx: Ctx, run: (ctx: Ctx) => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  const recorder = new StatementRecorder();
  const statements = await recorder.during(() => run({ ...ctx, db: ctx.db.withPlugin(recorder) }));
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await client.connect();
  try {
    const out: { sql: string; plan: string }[] = [];
    for (const s of statements) {
      if (!/^\s*(select|with)\b/i.test(s.sql)) continue;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, [...s.params]);
      out.push({ sql: s.sql, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Waits until no other statement is active in `db`'s database (polled every 250 ms, at most
 * `maxMs`), so that a scenario does not start on the work its predecessor's abandoned requests
 * left running (a statement runs on after its HTTP client has gone). Returns the milliseconds waited.
 */
export async function drained(db: Kysely<DB>, maxMs = Number(process.env.SCALE_DRAIN_MS ?? 300_000)): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`.execute(db);
    if (rows[0]!.n === 0 || Date.now() - started >= maxMs) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `MET` or `MISSED` for a p99 against its target (milliseconds). */
export const verdict = (p99: number, targetMs: number): string => (p99 <= targetMs ? 'MET' : 'MISSED');

/**
 * `npm run bench`: the real service against a minimal hand-written baseline (bench/baseline.ts),
 * over HTTP, on a large synthetic corpus; on PostgreSQL (a throwaway database, dropped at the end,
 * also on failure and on Ctrl-C) and, smaller, on an in-memory PGlite. See bench/README.md.
 *
 * | variable               | flag                | default                                         |
 * |------------------------|---------------------|-------------------------------------------------|
 * | BENCH_DATABASE_URL     | --database-url      | postgres://postgres@127.0.0.1:5432/postgres     |
 * | BENCH_ARTICLES         | --articles          | 100000 (0 skips PostgreSQL)                     |
 * | BENCH_PGLITE_ARTICLES  | --pglite-articles   | 20000 (0 skips PGlite)                          |
 * | BENCH_DURATION         | --duration          | 10 seconds per measured run                     |
 * | BENCH_CONNECTIONS      | --connections       | 10                                              |
 * | BENCH_ROUNDS           | --rounds            | 2 runs per server, in ABBA order                |
 * | BENCH_WARMUP           | --warmup            | 2 seconds of unmeasured load per server first   |
 * | BENCH_POOL             | --pool              | 10 connections in each app's pool (DB_POOL_MAX) |
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { systemClock } from '../src/system-clock.js';
import { createApiKey } from '../src/domain/identity/index.js';
import { createUser } from '../src/domain/identity/index.js';
import { loadSample } from '../src/seed/sample.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { buildBaseline, createPool, poolQuery, type BaselineMode, type Query } from './baseline.js';
import { combine, isClean, runLoad, stopLoad, type LoadResult } from './load.js';
import { profileStatements, type StatementTiming } from './profile.js';
import {
  compareSettings,
  recordingQuery,
  SETTINGS_SQL,
  StatementRecorder,
  VerificationError,
  verifyRequest,
  type VerifiedRequest,
} from './verify.js';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
/** The target: app req/s ÷ baseline req/s on PostgreSQL. */
const TARGET_RATIO = 1.0;
/** Issue 18, target 1: the search scenario's p99 on PostgreSQL, and its ratio on each engine. */
const SEARCH_P99_MS = 150;
const SEARCH_RATIO = { postgres: 1.5, pglite: 1.0 } as const;
/** CPU cores used by other processes during a run above which the figures are flagged as disturbed. */
const BUSY_NEIGHBOURS = 0.2;
/** Daily quota of the bench key's plan, in the throwaway database only: never reached during a run. */
const BENCH_QUOTA = 100_000_000;

// ------------------------------------------------------------------------------------ settings

interface Settings {
  /** `minimal` (default): one hand-written statement with count(*) OVER(); `mirror`: the app's own statements. */
  baseline: BaselineMode;
  databaseUrl: string;
  articles: number;
  pgliteArticles: number;
  duration: number;
  connections: number;
  rounds: number;
  warmup: number;
  pool: number;
}

function readSettings(argv: string[], env: NodeJS.ProcessEnv): Settings {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      'database-url': { type: 'string' },
      articles: { type: 'string' },
      'pglite-articles': { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      pool: { type: 'string' },
      baseline: { type: 'string' },
    },
  });
  const int = (flag: keyof typeof values, variable: string, fallback: number, min: number): number => {
    const raw = (values[flag] as string | undefined) ?? env[variable];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`${variable} (--${flag}) must be an integer >= ${min}, got "${raw}"`);
    return n;
  };
  const databaseUrl = (values['database-url'] ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').trim();
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('BENCH_DATABASE_URL must start with postgres://');
  const baseline = ((values.baseline as string | undefined) ?? env.BENCH_BASELINE ?? 'minimal').trim();
  if (baseline !== 'minimal' && baseline !== 'mirror') throw new Error(`BENCH_BASELINE (--baseline) must be minimal or mirror, got "${baseline}"`);
  return {
    baseline,
    databaseUrl,
    articles: int('articles', 'BENCH_ARTICLES', 100_000, 0),
    pgliteArticles: int('pglite-articles', 'BENCH_PGLITE_ARTICLES', 20_000, 0),
    duration: int('duration', 'BENCH_DURATION', 10, 1),
    connections: int('connections', 'BENCH_CONNECTIONS', 10, 1),
    rounds: int('rounds', 'BENCH_ROUNDS', 2, 1),
    warmup: int('warmup', 'BENCH_WARMUP', 2, 0),
    pool: int('pool', 'BENCH_POOL', 10, 1),
  };
}

// ------------------------------------------------------------------------------------ scenarios

interface Scenario {
  name: string;
  title: string;
  /** The request sequence each connection loops over; both servers get the same one. */
  paths: string[];
}

/** Two-word queries from the vocabulary of src/seed/synthetic.ts; each matches about 4-6 % of the corpus. */
const SEARCH_QUERIES = ['runway expansion', 'baggage handling', 'terminal refurbishment', 'cargo terminal', 'biometric boarding'];

const SCENARIOS: Scenario[] = [
  {
    // Europe is the largest region (~28 % of the synthetic corpus) and capacity-expansion the most
    // frequent topic (~25 %): together ~7 % of the articles match.
    name: 'list',
    title: 'GET /api/v1/articles?region=europe&topic=capacity-expansion',
    paths: ['/api/v1/articles?region=europe&topic=capacity-expansion'],
  },
  {
    name: 'search',
    title: `GET /api/v1/search?q=… (${SEARCH_QUERIES.length} two-word queries in turn)`,
    paths: SEARCH_QUERIES.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`),
  },
];

// ------------------------------------------------------------------------------------ report

interface ScenarioReport {
  name: string;
  title: string;
  paths: string[];
  /** `meta.total` of each path, identical on both servers. */
  totals: Record<string, number>;
  /** All runs of a server combined (see `combine`), then each run. */
  app: LoadResult;
  baseline: LoadResult;
  runs: { app: LoadResult[]; baseline: LoadResult[] };
  /** app req/s ÷ baseline req/s */
  ratio: number;
  clean: boolean;
}

interface DatabaseReport {
  kind: 'postgres' | 'pglite';
  engine: string;
  articles: number;
  /** How the baseline reaches the database. */
  baseline: string;
  setupSeconds: number;
  scenarios: ScenarioReport[];
  statements: StatementTiming[];
}

interface Report {
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  settings: Omit<Settings, 'databaseUrl'> & { databaseServer: string };
  notes: string[];
  target: { ratio: number; database: 'postgres'; met: boolean | null };
  /** Issue 18, target 1 (search), each null when not measured (engine skipped or mirror baseline). */
  searchTargets: { name: string; value: number | null; met: boolean | null }[];
  databases: DatabaseReport[];
}

// ------------------------------------------------------------------------------------ cleanup

/**
 * Things to undo, last in first out, each exactly once. `run` undoes what was pushed so far (after
 * any run in progress), so it serves between phases, at the end, on failure and on an interrupt.
 */
class Cleanup {
  readonly #steps: { what: string; undo: () => Promise<unknown> }[] = [];
  #chain: Promise<void> = Promise.resolve();

  push(what: string, undo: () => Promise<unknown>): void {
    this.#steps.push({ what, undo });
  }

  run(): Promise<void> {
    this.#chain = this.#chain.then(async () => {
      for (const step of this.#steps.splice(0).reverse()) {
        try {
          await step.undo();
        } catch (err) {
          console.error(`cleanup: ${step.what} failed: ${(err as Error).message}`);
        }
      }
    });
    return this.#chain;
  }
}

// ------------------------------------------------------------------------------------ helpers

const say = (message: string) => process.stdout.write(message + '\n');
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
const fmt1 = (n: number) => n.toFixed(1);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Creates an empty database on the server of `serverUrl`; registers its drop. */
async function createThrowawayDatabase(serverUrl: string, cleanup: Cleanup): Promise<string> {
  const name = `ai_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  cleanup.push(`drop database ${name}`, async () => {
    await run(`drop database if exists ${name} with (force)`);
    say(`Dropped database ${name}.`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  say(`Created database ${name}.`);
  return url.toString();
}

/** Migrates, loads the sample and `articles` synthetic articles, then VACUUM ANALYZE. */
async function loadCorpus(database: Database, articles: number): Promise<number> {
  let t = performance.now();
  await migrate(database);
  const sample = await loadSample(systemCtx(database.db, systemClock));
  say(`  migrated and loaded the sample (${sample.articles} articles) in ${seconds(t)} s`);
  t = performance.now();
  let shown = 0;
  await seedSynthetic(database.db, {
    articles,
    seed: 1,
    onProgress: (done, total) => {
      if (done === total || done - shown >= total / 10) {
        shown = done;
        say(`  synthetic articles: ${fmtInt(done)} / ${fmtInt(total)} (${seconds(t)} s)`);
      }
    },
  });
  t = performance.now();
  // VACUUM too, not only ANALYZE: the visibility map is then set and autovacuum has nothing left
  // to do on the freshly loaded tables, so it does not start in the middle of a measured run.
  await database.exec('vacuum analyze');
  say(`  vacuum analyze in ${seconds(t)} s`);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from articles`.execute(database.db);
  return rows[0]?.n ?? 0;
}

/**
 * A professional subscriber's API key, the plan that carries the `api` feature. Its plan's daily
 * quota is raised in this throwaway database only, so that the bench never hits it while auth and
 * the atomic quota write stay in the measured path.
 */
async function createBenchKey(database: Database): Promise<string> {
  const email = 'bench@example.test';
  await createUser(systemCtx(database.db, systemClock), { email, name: 'Benchmark', plan: 'professional' });
  const { key } = await createApiKey(systemCtx(database.db, systemClock), { email, label: 'bench' });
  await sql`update plans set daily_quota = ${BENCH_QUOTA} where code = 'professional'`.execute(database.db);
  return key;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

// ------------------------------------------------------------------------------------ one database

interface Target {
  kind: 'postgres' | 'pglite';
  label: string;
  database: Database;
  articles: number;
  /** The baseline's query function, the way it reaches the database, and a single-connection query for the profile. */
  baselineQuery: Query;
  baselineDescription: string;
  profileQuery: Query;
}

async function benchDatabase(target: Target, settings: Settings, cleanup: Cleanup, setupSeconds: number): Promise<DatabaseReport> {
  const { database } = target;
  const engine = (await sql<{ v: string }>`select version() as v`.execute(database.db)).rows[0]?.v ?? '?';
  const key = await createBenchKey(database);
  const headers = { authorization: `Bearer ${key}` };
  const sessionSecret = crypto.randomBytes(32).toString('hex');

  // The response cache is off here: this bench measures the work of a request (every request of a
  // scenario repeats, so with the cache on it would measure cache hits); `npm run bench:hot`
  // measures the cache (bench/README.md). Set BENCH_CACHE=on to measure the app as shipped.
  const responseCache = { enabled: process.env.BENCH_CACHE === 'on' };
  const app = await buildApp({ database, sessionSecret, logger: false, responseCache });
  cleanup.push('close the app', () => app.close());
  const appUrl = await listen(app);
  const baseline = await buildBaseline(target.baselineQuery, settings.baseline);
  cleanup.push('close the baseline', () => baseline.close());
  const baselineUrl = await listen(baseline);

  // Second instances over recording connections, for the statement check only.
  const appRecorder = new StatementRecorder();
  const recordingApp = await buildApp({ database: { ...database, db: database.db.withPlugin(appRecorder) }, sessionSecret, logger: false, responseCache });
  cleanup.push('close the recording app', () => recordingApp.close());
  const baselineRecorder = recordingQuery(target.baselineQuery);
  const recordingBaseline = await buildBaseline(baselineRecorder.query, settings.baseline);
  cleanup.push('close the recording baseline', () => recordingBaseline.close());
  const servers = { appUrl, baselineUrl, headers, recordingApp, appRecorder, recordingBaseline, baselineRecorder, mode: settings.baseline };

  say(`\nVerifying that the app (${appUrl}) and the baseline (${baselineUrl}) answer alike and run the same SQL…`);
  type Setting = { name: string; setting: string };
  compareSettings(
    (await database.db.executeQuery<Setting>(CompiledQuery.raw(SETTINGS_SQL))).rows,
    (await target.baselineQuery(SETTINGS_SQL, [])) as unknown as Setting[],
  );
  say('  ok  same session settings (jit, enable_*, work_mem, parallel workers, …)');
  const verified = new Map<string, VerifiedRequest[]>();
  for (const scenario of SCENARIOS) {
    const requests: VerifiedRequest[] = [];
    for (const p of scenario.paths) requests.push(await verifyRequest(servers, p));
    verified.set(scenario.name, requests);
    for (const r of requests) {
      say(
        `  ok  ${r.path}: total ${fmtInt(r.total)}, ${r.ids} ids; ` +
          `app ${r.appStatements.length} statements, baseline ${r.baselineStatements.length}` +
          (settings.baseline === 'mirror' ? " (all among the app's)" : ' (its own single statement)'),
      );
    }
  }

  say('\nStatement profile (each statement alone, one connection, median of 20 runs):');
  const profile = await profileStatements(
    target.profileQuery,
    SCENARIOS.map((s) => ({ name: s.name, request: verified.get(s.name)![0]! })),
  );
  for (const t of profile.timings) {
    const name = (t.label + (t.variant ? ' (what-if)' : '')).padEnd(38);
    say(`  ${t.scenario.padEnd(7)} ${name} ${fmt1(t.medianMs).padStart(7)} ms  p90 ${fmt1(t.p90Ms).padStart(7)} ms  ${fmtInt(t.rows).padStart(5)} rows`);
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const explainFile = path.join(RESULTS_DIR, `explain-${target.kind}.txt`);
  fs.writeFileSync(explainFile, profile.explain);
  say(`  EXPLAIN (ANALYZE, BUFFERS) of each: ${path.relative(process.cwd(), explainFile)}`);

  const scenarios: ScenarioReport[] = [];
  for (const scenario of SCENARIOS) {
    say(
      `\n${target.label}: ${scenario.title}\n  ${settings.connections} connections, ${settings.rounds} × ${settings.duration} s per server` +
        ` (ABBA order), after ${settings.warmup} s of warm-up each`,
    );
    const urls = { app: appUrl, baseline: baselineUrl };
    const load = async (who: 'app' | 'baseline', secs: number) => {
      const r = await runLoad({ url: urls[who], paths: scenario.paths, headers, connections: settings.connections, seconds: secs });
      // PGlite runs inside this process: a PostgreSQL server's CPU is someone else's.
      if (target.kind === 'pglite' && r.cpu) r.cpu = { ...r.cpu, other: r.cpu.other + r.cpu.postgres, postgres: 0 };
      return r;
    };
    if (settings.warmup > 0) {
      await load('app', settings.warmup);
      await load('baseline', settings.warmup);
    }
    const runs = { app: [] as LoadResult[], baseline: [] as LoadResult[] };
    for (let round = 0; round < settings.rounds; round++) {
      // ABBA…: alternating who goes first cancels a drift (caches, autovacuum, a neighbour) over the runs.
      const order: ('app' | 'baseline')[] = round % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app'];
      for (const who of order) {
        const r = await load(who, settings.duration);
        runs[who].push(r);
        const cpu = !r.cpu
          ? ''
          : target.kind === 'pglite'
            ? `; cores used: node ${fmt1(r.cpu.self)}, other ${fmt1(r.cpu.other)}`
            : `; cores used: node ${fmt1(r.cpu.self)}, postgres ${fmt1(r.cpu.postgres)}, other ${fmt1(r.cpu.other)}`;
        say(
          `  ${who.padEnd(8)} ${fmt1(r.rps).padStart(8)} req/s  p50 ${fmtInt(r.p50).padStart(5)} ms  p99 ${fmtInt(r.p99).padStart(5)} ms  (${fmtInt(r.requests)} requests${cpu}` +
            (isClean(r) ? ')' : `; NOT CLEAN: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts)`),
        );
      }
    }
    const app = combine(runs.app);
    const baseline = combine(runs.baseline);
    const ratio = baseline.rps > 0 ? app.rps / baseline.rps : 0;
    say(`  ratio app/baseline: ${ratio.toFixed(2)}`);
    scenarios.push({
      name: scenario.name,
      title: scenario.title,
      paths: scenario.paths,
      totals: Object.fromEntries(verified.get(scenario.name)!.map((r) => [r.path, r.total])),
      app,
      baseline,
      runs,
      ratio,
      clean: [...runs.app, ...runs.baseline].every(isClean),
    });
  }
  return {
    kind: target.kind,
    engine,
    articles: target.articles,
    baseline: target.baselineDescription,
    setupSeconds,
    scenarios,
    statements: profile.timings,
  };
}

async function benchPostgres(settings: Settings, cleanup: Cleanup): Promise<DatabaseReport> {
  say(`\n=== PostgreSQL (${new URL(settings.databaseUrl).host}), ${fmtInt(settings.articles)} synthetic articles`);
  const t = performance.now();
  const url = await createThrowawayDatabase(settings.databaseUrl, cleanup);
  const database = await openDatabase({ kind: 'postgres', url, poolMax: settings.pool });
  cleanup.push('close the app database', () => database.close());
  const articles = await loadCorpus(database, settings.articles);
  const setupSeconds = Number(seconds(t));
  const pool = createPool(url, settings.pool);
  cleanup.push('end the baseline pool', () => pool.end());
  const single = createPool(url, 1);
  for (const p of [pool, single]) p.on('error', (err) => console.error(`baseline pool: ${err.message}`));
  cleanup.push('end the profile connection', () => single.end());
  return benchDatabase(
    {
      kind: 'postgres',
      label: 'PostgreSQL',
      database,
      articles,
      baselineQuery: poolQuery(pool),
      baselineDescription: `Fastify + its own pg.Pool (max ${settings.pool}, like the app's), no auth, no quota, ${settings.baseline === 'minimal' ? 'one hand-written statement per request (page + count(*) OVER())' : "the app's own statements (mirror)"}`,
      profileQuery: poolQuery(single),
    },
    settings,
    cleanup,
    setupSeconds,
  );
}

async function benchPglite(settings: Settings, cleanup: Cleanup): Promise<DatabaseReport> {
  say(`\n=== PGlite (in memory), ${fmtInt(settings.pgliteArticles)} synthetic articles`);
  const t = performance.now();
  const database = await openDatabase({ kind: 'pglite-memory' });
  cleanup.push('close PGlite', () => database.close());
  const articles = await loadCorpus(database, settings.pgliteArticles);
  const setupSeconds = Number(seconds(t));
  // PGlite is one connection in this process: the baseline sends its raw SQL through the same
  // instance (Kysely's executeQuery of the SQL text, no query builder).
  const query: Query = async (text, params) => (await database.db.executeQuery(CompiledQuery.raw(text, params))).rows as Record<string, unknown>[];
  return benchDatabase(
    {
      kind: 'pglite',
      label: 'PGlite',
      database,
      articles,
      baselineQuery: query,
      baselineDescription: `Fastify + raw SQL text on the same PGlite instance (one connection), no auth, no quota, ${settings.baseline === 'minimal' ? 'one hand-written statement per request (page + count(*) OVER())' : "the app's own statements (mirror)"}`,
      profileQuery: query,
    },
    settings,
    cleanup,
    setupSeconds,
  );
}

// ------------------------------------------------------------------------------------ summary

function printSummary(report: Report): void {
  for (const db of report.databases) {
    say(`\n${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${fmtInt(db.articles)} articles — ${db.engine.split(',')[0]}`);
    say(`baseline: ${db.baseline}`);
    const head = ['scenario', 'app req/s', 'p50', 'p99', 'baseline req/s', 'p50', 'p99', 'ratio', 'per round'];
    const rows = db.scenarios.map((s) => [
      s.name,
      fmt1(s.app.rps),
      `${fmtInt(s.app.p50)} ms`,
      `${fmtInt(s.app.p99)} ms`,
      fmt1(s.baseline.rps),
      `${fmtInt(s.baseline.p50)} ms`,
      `${fmtInt(s.baseline.p99)} ms`,
      s.ratio.toFixed(2) + (s.clean ? '' : ' (NOT CLEAN)'),
      s.runs.app.map((a, i) => (a.rps / (s.runs.baseline[i]?.rps || NaN)).toFixed(2)).join(' '),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    say(line(head));
    for (const r of rows) say(line(r));
    for (const s of db.scenarios) {
      const ms = (cores: number, r: LoadResult) => fmt1((cores * r.seconds * 1000) / r.requests);
      const per = (r: LoadResult) =>
        !r.cpu || r.requests === 0
          ? 'n/a'
          : db.kind === 'pglite'
            ? `node (with PGlite) ${ms(r.cpu.self, r)} ms`
            : `node ${ms(r.cpu.self, r)} + postgres ${ms(r.cpu.postgres, r)} ms`;
      say(`  CPU per request, ${s.name}: app ${per(s.app)}; baseline ${per(s.baseline)}`);
    }
  }
  say('\nreq/s over all rounds; p50/p99: mean of the rounds\' percentiles; ratio = app req/s ÷ baseline req/s.');
  say('');
  for (const note of report.notes) say(`note: ${note}`);
  const runs = report.databases.flatMap((d) => d.scenarios.flatMap((s) => [...s.runs.app, ...s.runs.baseline]));
  const busiest = Math.max(0, ...runs.map((r) => r.cpu?.other ?? 0));
  if (busiest > BUSY_NEIGHBOURS) {
    say(
      `WARNING: other processes used up to ${fmt1(busiest)} of ${report.machine.cpus} cores during a measured run: ` +
        'the figures are disturbed; run again on a quiet machine.',
    );
  }
  const pgReport = report.databases.find((d) => d.kind === 'postgres');
  if (!pgReport) {
    say('TARGET NOT CHECKED: PostgreSQL was skipped (BENCH_ARTICLES=0).');
  } else if (report.settings.baseline === 'mirror') {
    say('TARGET NOT CHECKED: the mirror baseline runs the app\'s own SQL; its ratio is the cost of what the app adds around it.');
  } else if (report.target.met) {
    say(`TARGET MET: app/baseline >= ${TARGET_RATIO.toFixed(1)} on PostgreSQL in every scenario.`);
  } else {
    const misses = pgReport.scenarios.filter((s) => s.ratio < TARGET_RATIO).map((s) => `${s.name} ${s.ratio.toFixed(2)}`);
    say(`TARGET MISSED: app/baseline on PostgreSQL must be >= ${TARGET_RATIO.toFixed(1)}; got ${misses.join(', ')}.`);
  }
  say('Issue 18, search (first pages identical to the reference ranking: verified before measuring):');
  for (const t of report.searchTargets) {
    const value = t.value === null ? 'not measured' : t.name.includes('p99') ? `${fmtInt(t.value)} ms` : t.value.toFixed(2);
    say(`  ${t.met === null ? 'TARGET NOT CHECKED' : t.met ? 'TARGET MET' : 'TARGET MISSED'}: ${t.name} (got ${value})`);
  }
}

/**
 * Issue 18, target 1: search p99 ≤ 150 ms at the bench's connections on PostgreSQL, and the search
 * ratio ≥ 1.5 on PostgreSQL and ≥ 1.0 on PGlite, against the minimal baseline (whose statement is
 * the reference ranking: the verification proved both answer the same first pages).
 */
function searchTargets(report: Report, minimal: boolean): Report['searchTargets'] {
  const search = (kind: 'postgres' | 'pglite') => report.databases.find((d) => d.kind === kind)?.scenarios.find((s) => s.name === 'search');
  const pg = search('postgres');
  const lite = search('pglite');
  const check = (name: string, value: number | undefined, met: (v: number) => boolean) =>
    ({ name, value: value ?? null, met: value === undefined || !minimal ? null : met(value) });
  return [
    check(`search p99 on PostgreSQL <= ${SEARCH_P99_MS} ms`, pg?.app.p99, (v) => v <= SEARCH_P99_MS),
    check(`search app/baseline on PostgreSQL >= ${SEARCH_RATIO.postgres}`, pg?.ratio, (v) => v >= SEARCH_RATIO.postgres),
    check(`search app/baseline on PGlite >= ${SEARCH_RATIO.pglite}`, lite?.ratio, (v) => v >= SEARCH_RATIO.pglite),
  ];
}

// ------------------------------------------------------------------------------------ main

async function main(): Promise<number> {
  const settings = readSettings(process.argv.slice(2), process.env);
  const { databaseUrl, ...publicSettings } = settings; // the URL may hold a password: only its host is reported
  const cleanup = new Cleanup();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    say(`\n${signal}: stopping and cleaning up…`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // An error nobody awaits (e.g. the server ending an idle pooled connection: pg.Pool then emits
  // 'error') would end the process without dropping the database: clean up first.
  const onFatal = (err: unknown) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nFATAL (uncaught): ${err instanceof Error ? err.stack : String(err)}`);
    stopLoad();
    void cleanup.run().finally(() => process.exit(1));
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);

  const report: Report = {
    finishedAt: '',
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { ...publicSettings, databaseServer: new URL(databaseUrl).host },
    notes: [
      'The app is authenticated with the API key of a professional subscriber; the professional plan\'s daily_quota was raised to ' +
        `${fmtInt(BENCH_QUOTA)} in the throwaway database only, so auth and the quota write are in every measured request.`,
      'Both servers run in this process with logging off; autocannon runs in a worker thread.',
    ],
    target: { ratio: TARGET_RATIO, database: 'postgres', met: null },
    searchTargets: [],
    databases: [],
  };

  try {
    if (settings.articles > 0) report.databases.push(await benchPostgres(settings, cleanup));
    await cleanup.run(); // close the servers and drop the PostgreSQL database before the PGlite part
    if (settings.pgliteArticles > 0) report.databases.push(await benchPglite(settings, cleanup));
  } catch (err) {
    if (interrupted) return 130;
    console.error(err instanceof VerificationError ? `\nVERIFICATION FAILED: ${err.message}` : err);
    return 1;
  } finally {
    if (!interrupted) await cleanup.run();
  }

  const pg = report.databases.find((d) => d.kind === 'postgres');
  report.target.met = pg && settings.baseline === 'minimal' ? pg.scenarios.every((s) => s.ratio >= TARGET_RATIO) : null;
  report.searchTargets = searchTargets(report, settings.baseline === 'minimal');
  report.finishedAt = new Date().toISOString();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, 'latest.json');
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  printSummary(report);
  say(`Results: ${path.relative(process.cwd(), file)}`);
  const unclean = report.databases.flatMap((d) => d.scenarios.filter((s) => !s.clean).map((s) => `${d.kind}/${s.name}`));
  if (unclean.length) {
    say(`INVALID RUNS (non-2xx responses or errors under load): ${unclean.join(', ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();

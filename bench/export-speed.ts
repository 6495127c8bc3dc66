/**
 * Speed of the CSV exports against the database's own COPY (issue 18, target 2), on both engines.
 * For each engine (a throwaway PostgreSQL database, then a fresh embedded PGlite directory) it loads
 * EXPORT_ROWS synthetic projects, tenders and articles (src/seed/synthetic.ts), then for each export:
 *
 * - COPY: the export's own SELECT (taken from the domain operation itself, `CsvExport.select`, with
 *   its parameters inlined) run as `COPY (<select>) TO STDOUT WITH CSV` through pg-copy-streams on
 *   PostgreSQL, or `COPY (<select>) TO '/dev/blob' WITH CSV` in PGlite; rows/s.
 * - app: the real server as a child process (`bin/airport-intel.js serve`, measured after the warm-up
 *   of its project index, `spawnServe` in bench/child-server.ts) answering the export
 *   route over HTTP to an administrator with the enterprise plan (which includes `wat`) (every row, no cap):
 *   `/api/v1/projects/export`, `/v1/tenders/export`, `/v1/search/export`; rows/s.
 *
 * Prints a table with the ratio app / COPY and TARGET MET / TARGET MISSED (≥ 0.70) per export and
 * engine, the cores used by node (bench + server), PostgreSQL and everything else during each
 * measurement, warns when other processes were busy, and writes bench/results/export-speed.json.
 *
 *   node --import tsx bench/export-speed.ts     # knobs: EXPORT_ROWS (default 100000), EXPORT_ENGINES
 *                                               # (postgres,pglite), BENCH_DATABASE_URL
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters } from '../src/db/copy.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { DB } from '../src/db/types.js';
import { migrate } from '../src/db/migrate.js';
import { exportArchive, searchParamsToQuery } from '../src/domain/articles/index.js';
import { systemCtx, type Ctx } from '../src/domain/context.js';
import type { CsvExport } from '../src/domain/csv-export.js';
import { createApiKey, createUser, loadIdentity } from '../src/domain/identity/index.js';
import { exportProjects } from '../src/domain/projects/index.js';
import { exportTenders, tenderParamsToFilter } from '../src/domain/tenders/index.js';
import { PROJECT_CSV_COLUMNS } from '../src/http/api-v1/records/project.js';
import { ARTICLE_CSV_COLUMNS } from '../src/http/v1/records/article.js';
import { TENDER_CSV_COLUMNS } from '../src/http/v1/records/tender.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { systemClock } from '../src/system-clock.js';
import { freePort, spawnServe, waitForHealth } from './child-server.js';
import { measureCpu, type CpuShare } from './machine.js';

const TARGET = 0.7;
/** Cores used by other processes during a measurement above which the figures are flagged as disturbed. */
const BUSY_NEIGHBOURS = 0.2;
const rowsPerKind = Number(process.env.EXPORT_ROWS ?? 100_000);
const engines = (process.env.EXPORT_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim()) as ('postgres' | 'pglite')[];
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (m: string) => process.stderr.write(m + '\n');
const SECRET = 'bench-secret-0123456789-0123456789-0123456789';

type Kind = 'projects' | 'tenders' | 'articles';
const ROUTES: Record<Kind, string> = { projects: '/api/v1/projects/export', tenders: '/v1/tenders/export', articles: '/v1/search/export' };

interface Measure {
  rows: number;
  bytes: number;
  seconds: number;
  cpu: CpuShare | undefined;
}
interface Result {
  engine: string;
  kind: Kind;
  route: string;
  copy: Measure;
  app: Measure;
  copyRowsPerSecond: number;
  appRowsPerSecond: number;
  ratio: number;
  /**
   * CPU seconds (node + PostgreSQL) per row of COPY over those of the app: what the ratio would be
   * if both had the CPUs to themselves and did not overlap; less disturbed by other load than `ratio`.
   */
  cpuRatio: number | undefined;
  met: boolean;
}

async function adminSql(sqlText: string, connectionString = server): Promise<void> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** The export's own SELECT with its parameters inlined. */
function selectText(db: Kysely<DB>, exp: CsvExport): string {
  const compiled = exp.select.compile(db);
  return inlineParameters(compiled.sql, compiled.parameters);
}

/** The bench caller (administrator, enterprise plan) and the three exports as the routes prepare them. */
async function prepareExports(database: Database): Promise<{ key: string; selects: Record<Kind, string> }> {
  const sys = systemCtx(database.db, systemClock);
  const email = 'bench-export@example.test';
  const user = await createUser(sys, { email, plan: 'enterprise', admin: true });
  const { key } = await createApiKey(sys, { email, label: 'bench' });
  const identity = await loadIdentity(sys, user.id, 'api_key');
  const ctx: Ctx = { ...sys, identity: identity ?? null };
  const selects = {
    projects: selectText(database.db, await exportProjects(ctx, {}, PROJECT_CSV_COLUMNS)),
    tenders: selectText(database.db, await exportTenders(ctx, tenderParamsToFilter({}), TENDER_CSV_COLUMNS)),
    articles: selectText(database.db, await exportArchive(ctx, searchParamsToQuery({}), ARTICLE_CSV_COLUMNS)),
  };
  return { key, selects };
}

async function load(database: Database, vacuum: () => Promise<void>): Promise<void> {
  const started = Date.now();
  let last = 0;
  await seedSynthetic(database.db, {
    projects: rowsPerKind,
    tenders: rowsPerKind,
    articles: rowsPerKind,
    onProgress: (done, total, kind) => {
      if (Date.now() - last > 10_000 || done === total) {
        say(`  loading ${kind}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        last = Date.now();
      }
    },
  });
  await vacuum();
  say(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** CPU seconds (user + system) of process `pid` so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return (fields[11]! + fields[12]!) / 100;
}

/**
 * `GET route` over HTTP from the server `server`, counting bytes and CSV records (lines after the
 * header). The server's CPU is moved from "other" (where /proc counts a child that still runs) to "self".
 */
async function download(port: number, route: string, key: string, server: ChildProcess): Promise<Measure> {
  const cpu = measureCpu();
  const serverBefore = cpuSeconds(server.pid!);
  const started = performance.now();
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: route, headers: { authorization: `Bearer ${key}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${route} answered ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        let i = -1;
        while ((i = chunk.indexOf(10, i + 1)) !== -1) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    }).on('error', reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const share = cpu();
  const serverCores = (cpuSeconds(server.pid!) - serverBefore) / seconds;
  const adjusted = share && { ...share, self: share.self + serverCores, other: Math.max(0, share.other - serverCores) };
  return { rows: lines - 1, bytes, seconds, cpu: adjusted };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function result(engine: string, kind: Kind, copy: Measure, app: Measure): Result {
  const copyRowsPerSecond = copy.rows / copy.seconds;
  const appRowsPerSecond = app.rows / app.seconds;
  const ratio = appRowsPerSecond / copyRowsPerSecond;
  const cpuSecondsPerRow = (m: Measure) => (m.cpu ? ((m.cpu.self + m.cpu.postgres) * m.seconds) / m.rows : undefined);
  const [copyCost, appCost] = [cpuSecondsPerRow(copy), cpuSecondsPerRow(app)];
  const cpuRatio = copyCost && appCost ? copyCost / appCost : undefined;
  return { engine, kind, route: ROUTES[kind], copy, app, copyRowsPerSecond, appRowsPerSecond, ratio, cpuRatio, met: ratio >= TARGET && app.rows === copy.rows };
}

async function benchPostgres(): Promise<Result[]> {
  const dbName = `ai_export_speed_${process.pid}`;
  await adminSql(`create database ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  let child: ChildProcess | undefined;
  try {
    say(`PostgreSQL (${dbName}): loading ${rowsPerKind.toLocaleString('en')} projects, tenders and articles`);
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    let prepared: Awaited<ReturnType<typeof prepareExports>>;
    try {
      await migrate(database);
      await load(database, () => adminSql('vacuum analyze', url.toString()));
      prepared = await prepareExports(database);
    } finally {
      await database.close();
    }
    const copies = {} as Record<Kind, Measure>;
    const client = new pg.Client({ connectionString: url.toString(), options: '-c jit=off' });
    await client.connect();
    try {
      for (const kind of Object.keys(ROUTES) as Kind[]) {
        const text = `copy (${prepared.selects[kind]}) to stdout with csv`;
        let measure: Measure | undefined;
        for (let round = 0; round < 2; round++) { // the first round warms the cache; the second is measured
          const cpu = measureCpu();
          const started = performance.now();
          let bytes = 0;
          const stream = client.query(copyTo(text));
          await pipeline(stream, new Writable({ write(chunk: Buffer, _enc, done) { bytes += chunk.length; done(); } }));
          measure = { rows: stream.rowCount, bytes, seconds: (performance.now() - started) / 1000, cpu: cpu() };
        }
        copies[kind] = measure!;
      }
    } finally {
      await client.end();
    }
    const port = await freePort();
    const served = spawnServe({ ...{ DATABASE_URL: url.toString() }, SESSION_SECRET: SECRET }, port);
    child = served.child;
    await waitForHealth(port);
    // The project index loads in the background after the server listens: measured after it.
    await served.warmedUp;
    const results: Result[] = [];
    for (const kind of Object.keys(ROUTES) as Kind[]) {
      await download(port, ROUTES[kind], prepared.key, child); // warm-up
      results.push(result('postgres', kind, copies[kind], await download(port, ROUTES[kind], prepared.key, child)));
    }
    return results;
  } finally {
    if (child) await stopServer(child);
    await adminSql(`drop database if exists ${dbName} with (force)`);
  }
}

async function benchPglite(): Promise<Result[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-export-speed-'));
  let child: ChildProcess | undefined;
  try {
    say(`PGlite (${dir}): loading ${rowsPerKind.toLocaleString('en')} projects, tenders and articles`);
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    let prepared: Awaited<ReturnType<typeof prepareExports>>;
    try {
      await migrate(database);
      await load(database, () => database.exec('vacuum analyze'));
      prepared = await prepareExports(database);
    } finally {
      await database.close();
    }
    // COPY in the engine itself (this process opens the directory while no server does).
    const copies = {} as Record<Kind, Measure>;
    const pgl = await PGlite.create({ dataDir: path.join(dir, 'pglite') });
    try {
      for (const kind of Object.keys(ROUTES) as Kind[]) {
        let measure: Measure | undefined;
        for (let round = 0; round < 2; round++) {
          const cpu = measureCpu();
          const started = performance.now();
          const res = await pgl.query(`copy (${prepared.selects[kind]}) to '/dev/blob' with csv`);
          const bytes = res.blob?.size ?? 0;
          measure = { rows: res.affectedRows ?? 0, bytes, seconds: (performance.now() - started) / 1000, cpu: cpu() };
        }
        copies[kind] = measure!;
      }
    } finally {
      await pgl.close();
    }
    const port = await freePort();
    const served = spawnServe({ ...{ DATA_DIR: dir }, SESSION_SECRET: SECRET }, port);
    child = served.child;
    await waitForHealth(port);
    // The project index loads in the background after the server listens: measured after it.
    await served.warmedUp;
    const results: Result[] = [];
    for (const kind of Object.keys(ROUTES) as Kind[]) {
      await download(port, ROUTES[kind], prepared.key, child); // warm-up
      results.push(result('pglite', kind, copies[kind], await download(port, ROUTES[kind], prepared.key, child)));
    }
    return results;
  } finally {
    if (child) await stopServer(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const all: Result[] = [];
for (const engine of engines) all.push(...(engine === 'postgres' ? await benchPostgres() : await benchPglite()));

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const cores = (c: CpuShare | undefined) => (c ? `${c.self.toFixed(2)} / ${c.postgres.toFixed(2)} / ${c.other.toFixed(2)}` : 'n/a');
console.log(`\nExports vs COPY of their own SELECT (${rowsPerKind.toLocaleString('en')} rows each; target app ≥ ${TARGET} × COPY)`);
console.log('| engine | export | rows | COPY rows/s | app rows/s (HTTP) | ratio | target | CPU-cost ratio | cores node / pg / other (COPY; app) |');
console.log('|---|---|---|---|---|---|---|---|---|');
let busy = false;
for (const r of all) {
  if ([r.copy.cpu, r.app.cpu].some((c) => c && c.other > BUSY_NEIGHBOURS)) busy = true;
  console.log(`| ${r.engine} | ${r.kind} (${r.route}) | ${fmt(r.app.rows)} | ${fmt(r.copyRowsPerSecond)} | ${fmt(r.appRowsPerSecond)} | ${r.ratio.toFixed(2)} | ${r.met ? 'TARGET MET' : 'TARGET MISSED'} | ${r.cpuRatio?.toFixed(2) ?? 'n/a'} | ${cores(r.copy.cpu)}; ${cores(r.app.cpu)} |`);
}
console.log('(node = this process, plus the app server child during app runs; pg = PostgreSQL\'s processes; other = the rest of the machine;');
console.log(' CPU-cost ratio = CPU seconds per row of COPY / of the app, node + pg: the ratio on an idle machine without overlap)');
if (busy) console.log(`WARNING: other processes used more than ${BUSY_NEIGHBOURS} core during a COPY run: the figures are disturbed.`);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/export-speed.json', JSON.stringify({ at: new Date().toISOString(), rowsPerKind, target: TARGET, cpus: os.cpus().length, loadavg: os.loadavg(), busy, results: all }, null, 2));
console.log('results: bench/results/export-speed.json');

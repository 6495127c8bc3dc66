/**
 * Memory and speed benchmark of the streamed CSV export (issues 3, 18 and 31): loads EXPORT_PROJECTS synthetic projects
 * (default 1 000 000) into a throwaway PostgreSQL database, starts the real server as a child
 * process, streams `GET /api/v1/projects/export` with an admin key (admins export every row, so the
 * whole table goes through the stream), and samples the server's resident memory (VmRSS from
 * /proc) while it does. Target: growth under 100 MB. Prints rows, bytes, time, RSS before, peak and
 * growth, and TARGET MET or TARGET MISSED, the cores used meanwhile (server, PostgreSQL, the rest of
 * the machine; warns when the rest was busy). Then runs the export's own SELECT as
 * `COPY (…) TO STDOUT WITH CSV` through pg-copy-streams (a warm-up, then measured) and prints the
 * export's speed as a share of COPY's, TARGET MET when ≥ 70 %. Writes bench/results/export-memory.json.
 *
 *   npm run bench:export            # runs bench/export-speed.ts, then this; knobs: EXPORT_PROJECTS
 *                                   # (0 skips this run), BENCH_DATABASE_URL
 *   EXPORT_DATABASE_URL=postgres://…/scale node --import tsx bench/export-memory.ts
 *                                   # exports a database seeded beforehand (bench/README.md, "The data
 *                                   # sets") instead of loading a throwaway one; it is left as it was
 *                                   # but for the bench's administrator
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { systemClock } from '../src/system-clock.js';
import { createApiKey } from '../src/domain/identity/index.js';
import { createUser } from '../src/domain/identity/index.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters } from '../src/db/copy.js';
import { exportProjects } from '../src/domain/projects/index.js';
import { loadIdentity } from '../src/domain/identity/index.js';
import { PROJECT_CSV_COLUMNS } from '../src/http/api-v1/records/project.js';
import { freePort, spawnServe, waitForHealth } from './child-server.js';
import { measureCpu } from './machine.js';

const TARGET_MB = 100;
/** The export's rows/s over those of COPY of its own SELECT, at least. */
const TARGET_SPEED = 0.7;
/** Cores used by other processes during the export above which the figures are flagged as disturbed. */
const BUSY_NEIGHBOURS = 0.2;
/** A database seeded beforehand: exported as it is (not created, loaded or dropped). */
const seeded = process.env.EXPORT_DATABASE_URL;
let projects = Number(process.env.EXPORT_PROJECTS ?? 1_000_000);
if (!seeded && projects <= 0) {
  console.log('export memory: skipped (EXPORT_PROJECTS=0)');
  process.exit(0);
}
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ai_export_bench_${process.pid}`;
const say = (m: string) => process.stderr.write(m + '\n');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Runs one statement on `connectionString` (default: the server's maintenance database). */
async function admin(sqlText: string, connectionString = server): Promise<void> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** Resident set size of a process, bytes (Linux /proc). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

if (!seeded) await admin(`create database ${dbName}`);
const url = new URL(seeded ?? server);
if (!seeded) url.pathname = `/${dbName}`;
let child: ChildProcess | undefined;
try {
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  let key: string;
  let copyText: string;
  try {
    await migrate(database);
    if (seeded) {
      projects = Number((await database.db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      say(`exporting the ${projects.toLocaleString('en')} projects of ${url.pathname.slice(1)}`);
    } else {
      const started = Date.now();
      let last = 0;
      await seedSynthetic(database.db, {
        projects,
        onProgress: (done, total) => {
          if (Date.now() - last > 5000 || done === total) {
            say(`  loading: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} projects (${((Date.now() - started) / 1000).toFixed(0)} s)`);
            last = Date.now();
          }
        },
      });
      say(`loaded ${projects.toLocaleString('en')} projects in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await admin('vacuum analyze', url.toString());
    }
    const email = `bench-admin-${process.pid}@example.test`;
    await createUser(systemCtx(database.db, systemClock), { email, admin: true });
    const sys = systemCtx(database.db, systemClock);
    key = (await createApiKey(sys, { email })).key;
    // The route's own SELECT, as the administrator's export prepares it, for COPY.
    const user = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const identity = await loadIdentity(sys, user.id, 'api_key');
    const compiled = (await exportProjects({ ...sys, identity: identity ?? null }, {}, PROJECT_CSV_COLUMNS)).select.compile(database.db);
    copyText = `copy (${inlineParameters(compiled.sql, compiled.parameters)}) to stdout with csv`;
  } finally {
    await database.close();
  }

  const port = await freePort();
  const serve = spawnServe({ DATABASE_URL: url.toString(), SESSION_SECRET: 'bench-secret-0123456789-0123456789-0123456789' }, port);
  child = serve.child;
  await waitForHealth(port);
  // The project index loads in the background once the server listens: the export is measured on
  // a server that has finished (its memory is the server's before, not growth of the export).
  const warm = await serve.warmedUp;
  say(`server warmed up (${warm.message}${warm.tookMs === undefined ? '' : `, ${(warm.tookMs / 1000).toFixed(1)} s`})`);
  const pid = child.pid!;
  await new Promise((r) => setTimeout(r, 1000));
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 50);

  const cpu = measureCpu();
  const serverTicks = () => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return (fields[11]! + fields[12]!) / 100;
  };
  const serverBefore = serverTicks();
  const started = Date.now();
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/api/v1/projects/export', headers: { authorization: `Bearer ${key}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    }).on('error', reject);
  });
  clearInterval(sampler);
  peak = Math.max(peak, rss(pid));
  const seconds = (Date.now() - started) / 1000;
  const serverCores = (serverTicks() - serverBefore) / seconds;
  const share = cpu();
  const other = share ? Math.max(0, share.other - serverCores) : undefined;
  const growth = peak - before;
  const rows = lines - 1; // header
  console.log(`export of ${rows.toLocaleString('en')} projects (${mb(bytes)} MB of CSV) in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`);
  console.log(`server RSS: before ${mb(before)} MB, peak ${mb(peak)} MB, growth ${mb(growth)} MB`);
  const met = growth < TARGET_MB * 1024 * 1024 && rows === projects;
  console.log(`${met ? 'TARGET MET' : 'TARGET MISSED'}: growth ${mb(growth)} MB (target < ${TARGET_MB} MB), ${rows === projects ? 'every row exported' : `only ${rows} of ${projects} rows`}`);
  if (share) console.log(`cores used: server ${serverCores.toFixed(2)}, postgres ${share.postgres.toFixed(2)}, other ${other!.toFixed(2)}`);
  const busy = other !== undefined && other > BUSY_NEIGHBOURS;
  if (busy) console.log(`WARNING: other processes used ${other!.toFixed(2)} core during the export: the rows/s figure is disturbed (the RSS figure much less).`);
  child.kill('SIGTERM');
  child = undefined;
  const copyClient = new pg.Client({ connectionString: url.toString(), options: '-c jit=off' });
  await copyClient.connect();
  let copySeconds = 0;
  let copyRows = 0;
  try {
    for (let round = 0; round < 2; round++) { // the first round warms the cache; the second is measured
      const t0 = Date.now();
      const stream = copyClient.query(copyTo(copyText));
      await pipeline(stream, new Writable({ write(_chunk: Buffer, _enc, done) { done(); } }));
      copySeconds = (Date.now() - t0) / 1000;
      copyRows = stream.rowCount;
    }
  } finally {
    await copyClient.end();
  }
  const speed = rows / seconds / (copyRows / copySeconds);
  const speedMet = speed >= TARGET_SPEED;
  console.log(`COPY of the export's SELECT: ${copyRows.toLocaleString('en')} rows in ${copySeconds.toFixed(1)} s (${Math.round(copyRows / copySeconds).toLocaleString('en')} rows/s)`);
  console.log(`${speedMet ? 'TARGET MET' : 'TARGET MISSED'}: export at ${(speed * 100).toFixed(0)} % of COPY's rows/s (target ≥ ${TARGET_SPEED * 100} %)`);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/export-memory.json', JSON.stringify({
    at: new Date().toISOString(), projects, rows, bytes, seconds, rowsPerSecond: rows / seconds, rssBefore: before, rssPeak: peak, growth,
    targetMb: TARGET_MB, met, copyRows, copySeconds, speed, speedTarget: TARGET_SPEED, speedMet, cores: share && { server: serverCores, postgres: share.postgres, other }, busy,
  }, null, 2));
  console.log('results: bench/results/export-memory.json');
} finally {
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (!seeded) await admin(`drop database if exists ${dbName} with (force)`);
}

/**
 * Issue 30 bench, on PostgreSQL (a throwaway database on BENCH_DATABASE_URL's server, dropped at the end):
 *
 * 1. The change feed: CHANGES (default 100 000) changes written as real updates of synthetic
 *    projects (transactions of 500 rows, so many commits), then followed through
 *    `GET /v1/changes?limit=200` by an enterprise reader, page after page, in process (`app.inject`).
 *    Goal: at least 20 000 changes read per second.
 * 2. A company's projects: `GET /v1/companies/{ref}/projects` on the synthetic data set (PROJECTS
 *    synthetic projects, default 100 000, linked to the sample companies), REQUESTS times over the
 *    companies with the most links, one at a time. Goal: p99 under 50 ms.
 *
 * Prints the figures and MET / MISSED per goal.
 *
 *   node --import tsx bench/changes.ts        # knobs: CHANGES, PROJECTS, REQUESTS (default 300), BENCH_DATABASE_URL
 *   CHANGES=5000 PROJECTS=5000 REQUESTS=50 node --import tsx bench/changes.ts   # a short run
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { createApiKey, createUser } from '../src/domain/identity/index.js';
import { loadSample } from '../src/seed/sample.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { systemClock } from '../src/system-clock.js';

const CHANGES = Number(process.env.CHANGES ?? 100_000);
const PROJECTS = Number(process.env.PROJECTS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const FEED_GOAL = 20_000;
const P99_GOAL_MS = 50;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (m: string) => process.stderr.write(m + '\n');
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');

async function main(): Promise<void> {
  const name = `ai_bench_changes_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await migrate(database);
    const ctx = systemCtx(database.db, systemClock);
    say('loading the sample and the synthetic projects …');
    await loadSample(ctx);
    await seedSynthetic(database.db, { projects: PROJECTS, onProgress: (done, total) => { if (done === total) say(`  ${done} projects`); } });
    await createUser(ctx, { email: 'bench-changes@example.test', plan: 'enterprise' });
    const { key } = await createApiKey(ctx, { email: 'bench-changes@example.test', label: 'bench' });
    const app = await buildApp({ database, sessionSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    const headers = { authorization: `Bearer ${key}` };
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };

    // 1. The change feed.
    const start = (JSON.parse((await get('/v1/changes?since=now')).body) as { next_cursor: string }).next_cursor;
    say(`writing ${CHANGES} changes (500 per transaction) …`);
    const ids = (await database.db.selectFrom('projects').select('id').orderBy('id').limit(Math.min(CHANGES, PROJECTS)).execute()).map((r) => r.id);
    let written = 0;
    while (written < CHANGES) {
      const batch = ids.slice(written % ids.length, (written % ids.length) + Math.min(500, CHANGES - written));
      await sql`update projects set value_amount = coalesce(value_amount, 0) + 1 where id = any(${batch}::uuid[])`.execute(database.db);
      written += batch.length;
    }
    await sql`analyze change_log`.execute(database.db); // as autovacuum would after such a load
    await sql`analyze change_commits`.execute(database.db);
    if (process.env.EXPLAIN) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain analyze
        select cc.version, c.seq from change_commits cc cross join lateral (
          select c.* from change_log c where c.txid = cc.txid and (cc.version > 0 or c.seq > 0) and (c.visible_before or c.visible_after) and (c.entity_type = 'projects') order by c.seq limit 200) c
        where cc.version >= 0 order by cc.version, c.seq limit 200`.execute(database.db);
      say(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    say('following the feed …');
    let cursor = start;
    let read = 0;
    let pages = 0;
    const t0 = process.hrtime.bigint();
    for (;;) {
      const page = JSON.parse((await get(`/v1/changes?since=${encodeURIComponent(cursor)}&limit=200&types=projects`)).body) as { changes: unknown[]; next_cursor: string };
      read += page.changes.length;
      pages++;
      cursor = page.next_cursor;
      if (page.changes.length < 200) break;
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const rate = read / seconds;

    // 2. A company's projects.
    const companies = (await sql<{ slug: string }>`
      select c.slug from companies c join project_companies pc on pc.company_id = c.id
      group by c.slug order by count(*) desc limit 10`.execute(database.db)).rows.map((r) => r.slug);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const slug = companies[i % companies.length]!;
      const t = process.hrtime.bigint();
      await get(`/v1/companies/${slug}/projects?limit=50&offset=${(i % 3) * 50}`);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    await app.close();

    console.log(`change feed (PostgreSQL): ${read} changes in ${pages} pages, ${seconds.toFixed(2)} s, ${Math.round(rate)} changes/s (goal >= ${FEED_GOAL}): ${verdict(rate >= FEED_GOAL && read >= CHANGES)}`);
    console.log(`GET /v1/companies/{ref}/projects over ${PROJECTS} projects, ${REQUESTS} requests: p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms (goal < ${P99_GOAL_MS} ms): ${verdict(p(0.99) < P99_GOAL_MS)}`);
    if (read < CHANGES) console.log(`  (read ${read} of ${CHANGES} changes written: MISSED)`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * `npm run bench:hot` (issue 18, targets 3 and 4): hot reads and compression, side by side in one run.
 *
 * Hot reads, on an in-memory PGlite with the sample dataset (the figures were measured on
 * the embedded database), autocannon in a worker thread, `BENCH_CONNECTIONS` connections:
 * - **ceiling**: a bare Fastify app answering the very bytes of `GET /api/v1/editions/latest`
 *   from a constant object through Fastify's JSON serialization (what "the Fastify JSON ceiling" means);
 * - the real app, `GET /api/v1/editions/latest`, with a session token and with an API key, each
 *   with the response cache on (the service as shipped) and off (`responseCache.enabled: false`,
 *   i.e. every request builds its body as before issue 18; ETags stay).
 * Targets: session + cache ≥ 50 % of the ceiling; API key + cache ≥ 5 × API key without cache.
 *
 * Compression: CPU time and size of gzip levels 1/5/6/9 and Brotli qualities 1/4/6/11 on
 * `/openapi.json` and on the edition body (node:zlib, synchronous, median of repeated runs).
 *
 * Prints TARGET MET / TARGET MISSED per target, warns when other processes used more than 0.2 core
 * during a run, writes bench/results/hot-reads.json.
 *
 * | variable          | default |
 * |-------------------|---------|
 * | BENCH_DURATION    | 10 s per measured run |
 * | BENCH_CONNECTIONS | 10      |
 * | BENCH_ROUNDS      | 2 (ABBA order over the variants) |
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { createApiKey, createSession, createUser } from '../src/domain/identity/index.js';
import { loadSample } from '../src/seed/sample.js';
import { systemClock } from '../src/system-clock.js';
import { combine, isClean, runLoad, type LoadResult } from './load.js';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const BUSY_NEIGHBOURS = 0.2;
const env = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const DURATION = env('BENCH_DURATION', 10);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const ROUNDS = env('BENCH_ROUNDS', 2);
const PATH = '/api/v1/editions/latest';
const say = (m: string) => process.stdout.write(m + '\n');

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** Median CPU milliseconds of `fn` over a few hundred milliseconds of repetitions. */
function cpuMs(fn: () => void): number {
  const times: number[] = [];
  const until = performance.now() + 300;
  while (performance.now() < until || times.length < 5) {
    const t = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t);
    times.push((d.user + d.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  await migrate(database);
  await loadSample(systemCtx(database.db, systemClock));
  const ctx = systemCtx(database.db, systemClock);
  await createUser(ctx, { email: 'hot@example.test', plan: 'professional' });
  const { key } = await createApiKey(ctx, { email: 'hot@example.test', label: 'bench' });
  const sessionSecret = crypto.randomBytes(32).toString('hex');
  const { token } = await createSession(ctx, sessionSecret, 'hot@example.test');
  await sql`update plans set daily_quota = 100000000 where code = 'professional'`.execute(database.db);

  const cached = await buildApp({ database, sessionSecret, logger: false });
  const uncached = await buildApp({ database, sessionSecret, logger: false, responseCache: { enabled: false }, identityCache: false });
  const urls = { cached: await listen(cached), uncached: await listen(uncached) };
  const probe = await fetch(urls.cached + PATH, { headers: { authorization: `Bearer ${token}` } });
  const bodyText = await probe.text();
  if (probe.status !== 200) throw new Error(`${PATH}: ${probe.status} ${bodyText}`);
  const body = JSON.parse(bodyText) as unknown;
  const ceilingApp = Fastify({ logger: false });
  ceilingApp.get(PATH, async () => body);
  const ceilingUrl = await listen(ceilingApp);
  say(`Body of ${PATH}: ${bodyText.length} bytes. ${DURATION} s per run, ${CONNECTIONS} connections, ${ROUNDS} rounds.`);

  const variants = [
    { name: 'ceiling', url: ceilingUrl, headers: {} as Record<string, string> },
    { name: 'session, cache', url: urls.cached, headers: { authorization: `Bearer ${token}` } },
    { name: 'session, no cache', url: urls.uncached, headers: { authorization: `Bearer ${token}` } },
    { name: 'api key, cache', url: urls.cached, headers: { authorization: `Bearer ${key}` } },
    { name: 'api key, no cache', url: urls.uncached, headers: { authorization: `Bearer ${key}` } },
  ];
  const runs = new Map<string, LoadResult[]>(variants.map((v) => [v.name, []]));
  for (const v of variants) await runLoad({ url: v.url, paths: [PATH], headers: v.headers, connections: CONNECTIONS, seconds: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const r = await runLoad({ url: v.url, paths: [PATH], headers: v.headers, connections: CONNECTIONS, seconds: DURATION });
      if (!isClean(r)) throw new Error(`${v.name}: run not clean: ${JSON.stringify(r.statusCodes)} errors ${r.errors}`);
      runs.get(v.name)!.push(r);
    }
  }
  const results = Object.fromEntries([...runs].map(([name, rs]) => [name, combine(rs)]));
  say('\n| variant | req/s | p50 ms | p99 ms | CPU self / pg / other (cores) |');
  say('|---|---|---|---|---|');
  let busy = false;
  for (const [name, r] of Object.entries(results)) {
    const cpu = r.cpu ? `${r.cpu.self.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} / ${r.cpu.other.toFixed(2)}` : 'n/a';
    if (r.cpu && r.cpu.other > BUSY_NEIGHBOURS) busy = true;
    say(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${cpu} |`);
  }
  const sessionShare = results['session, cache']!.rps / results.ceiling!.rps;
  const keyGain = results['api key, cache']!.rps / results['api key, no cache']!.rps;
  const verdict = (met: boolean) => (met ? 'TARGET MET' : 'TARGET MISSED');
  say(`\nsession + cache / ceiling: ${(sessionShare * 100).toFixed(1)} % (target ≥ 50 %): ${verdict(sessionShare >= 0.5)}`);
  say(`api key + cache / api key without cache: ${keyGain.toFixed(2)}× (target ≥ 5×): ${verdict(keyGain >= 5)}`);
  if (busy) say(`WARNING: other processes used more than ${BUSY_NEIGHBOURS} core during a run: the figures are disturbed.`);

  // Compression
  const openapi = Buffer.from(JSON.stringify(cached.swagger()));
  const edition = Buffer.from(bodyText);
  const codecs = [
    ...[1, 5, 6, 9].map((level) => ({ name: `gzip ${level}`, run: (b: Buffer) => zlib.gzipSync(b, { level }) })),
    ...[1, 4, 6, 11].map((q) => ({ name: `br ${q}`, run: (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }) })),
  ];
  const compression: Record<string, Record<string, { bytes: number; cpuMs: number }>> = {};
  say('\n| codec | openapi.json bytes | CPU ms | edition bytes | CPU ms |');
  say('|---|---|---|---|---|');
  say(`| identity | ${openapi.length} | 0 | ${edition.length} | 0 |`);
  for (const c of codecs) {
    const a = { bytes: c.run(openapi).length, cpuMs: cpuMs(() => c.run(openapi)) };
    const b = { bytes: c.run(edition).length, cpuMs: cpuMs(() => c.run(edition)) };
    compression[c.name] = { openapi: a, edition: b };
    say(`| ${c.name} | ${a.bytes} | ${a.cpuMs.toFixed(2)} | ${b.bytes} | ${b.cpuMs.toFixed(3)} |`);
  }

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'hot-reads.json'), JSON.stringify({
    finishedAt: new Date().toISOString(), settings: { DURATION, CONNECTIONS, ROUNDS }, bodyBytes: bodyText.length,
    results, sessionShare, keyGain, targets: { sessionShare: sessionShare >= 0.5, keyGain: keyGain >= 5 }, busy, compression,
  }, null, 2));
  say(`\nWrote ${path.join(RESULTS_DIR, 'hot-reads.json')}.`);
  await Promise.all([cached.close(), uncached.close(), ceilingApp.close()]);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Scale-out, shown (issue 31): 1, 2 and 4 `airport-intel serve` processes over ONE PostgreSQL
 * database behind a small round-robin load balancer in this process (node:http, keep-alive to each
 * server), loaded with a mixed read workload (project lists and facets, search, tenders, articles;
 * the response cache on, as shipped) at SCALEOUT_CONNECTIONS (20) for SCALEOUT_SECONDS (20) per
 * count. Prints req/s, p50, p99 per count, the ratio to one process (goal: 2 processes ≥ 1.5×), and
 * the cores used by the servers, by PostgreSQL and by the rest, so the 4-process run says what
 * saturates, and the machine's ceiling: how many times one process's throughput all its cores
 * could serve at the CPU per request measured with one process (everything on the machine counted).
 * Each process is warmed by SCALEOUT_WARM_SECONDS (15) of the same load on its own before a count
 * is measured. Before each count's load it checks that processes agree: a write through one server
 * (a project's title changed, then an API key revoked) is seen by the very next request to EVERY
 * other server (content version and identity version across processes), and prints the result.
 *
 *   BENCH_DATABASE_URL=postgres://…/scale npm run bench:scale-out     # a seeded database (bench/README.md)
 *
 * Without BENCH_DATABASE_URL: a smoke run on a throwaway database of a few hundred records.
 * Knobs: SCALEOUT_COUNTS (1,2,4), SCALEOUT_CONNECTIONS, SCALEOUT_SECONDS, SCALEOUT_WARM_SECONDS.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { systemCtx } from '../src/domain/context.js';
import { createApiKey } from '../src/domain/identity/index.js';
import { systemClock } from '../src/system-clock.js';
import { freePort, spawnServe, waitForHealth } from './child-server.js';
import { isClean, runLoad, type LoadResult } from './load.js';
import { benchCaller, benchDatabase, say } from './scale-common.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const COUNTS = (process.env.SCALEOUT_COUNTS ?? '1,2,4').split(',').map(Number);
const CONNECTIONS = Number(process.env.SCALEOUT_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SCALEOUT_SECONDS ?? 20);
const WARM_SECONDS = Number(process.env.SCALEOUT_WARM_SECONDS ?? 15);

/** CPU seconds used so far by `pid` (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return (f[11]! + f[12]!) / 100;
  } catch {
    return 0;
  }
}

/**
 * The most requests a second that `cores` cores can serve at the CPU cost measured with one process:
 * `coresUsed` (every process of the machine, bench/machine.ts `CpuShare.total`) at `rps`.
 * @returns the cost in ms of CPU per request, the ceiling in req/s and as a multiple of `rps`
 */
function machineCeiling(coresUsed: number, rps: number, cores: number): { cores: number; msPerRequest: number; rps: number; ratio: number } {
  const costSeconds = coresUsed / rps;
  return { cores, msPerRequest: costSeconds * 1000, rps: cores / costSeconds, ratio: cores / costSeconds / rps };
}

/** A round-robin HTTP load balancer over `ports` on 127.0.0.1; resolves with its port and close(). */
async function balancer(ports: number[]): Promise<{ port: number; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => { agent.destroy(); server.close(() => resolve()); }) };
}

/** A request to one server; resolves with status and body. */
function call(port: number, method: string, urlPath: string, key: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const bench = await benchDatabase({ articles: 500, projects: 500, tenders: 300, seed: 5 }, 4);
const children: ChildProcess[] = [];
try {
  const db = bench.database.db;
  const { key } = await benchCaller(bench.database);
  const projectIds = (await sql<{ id: string }>`select id::text as id from projects where published order by id limit 200`.execute(db)).rows.map((r) => r.id);
  const countries = (await sql<{ c: string }>`select country_code as c from projects where published group by 1 order by count(*) desc limit 20`.execute(db)).rows.map((r) => r.c);
  const paths = [
    ...countries.map((c) => `/v1/projects?country=${c}`),
    ...countries.slice(0, 10).map((c) => `/v1/projects/facets?country=${c}`),
    ...['runway', 'terminal expansion', 'baggage', 'cargo', 'solar', 'biometric boarding'].map((q) => `/v1/search?q=${encodeURIComponent(q)}`),
    '/v1/tenders', '/api/v1/articles?limit=20', '/v1/projects?sort=value_desc',
    ...projectIds.slice(0, 40).map((id) => `/v1/projects/${id}`),
  ];
  const results: { servers: number; result: LoadResult; serverCores: number; consistent: string }[] = [];

  for (const count of COUNTS) {
    const ports: number[] = [];
    const warmUps: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const { child, warmedUp } = spawnServe({ DATABASE_URL: bench.url, MAIL_WORKER: 'off', DB_POOL_MAX: '5', SESSION_SECRET: 'bench-secret-0123456789-0123456789-0123456789' }, port);
      children.push(child);
      ports.push(port);
      warmUps.push(warmedUp);
    }
    for (const port of ports) await waitForHealth(port);
    // Each process loads the project index once it listens: measured after, as a running fleet is.
    await Promise.all(warmUps);

    // Consistency: a write through the first server, the next request to every other.
    let consistent = 'one process: nothing to compare';
    if (count > 1) {
      const id = projectIds[count % projectIds.length]!;
      for (const port of ports) await call(port, 'GET', `/v1/projects/${id}`, key); // warm every response cache
      const title = `Scale-out check ${count} ${Date.now()}`;
      const patched = await call(ports[0]!, 'PATCH', `/v1/admin/projects/${id}`, key, { title });
      if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}: ${patched.body.slice(0, 200)}`);
      const stale = [];
      for (const port of ports.slice(1)) {
        const got = await call(port, 'GET', `/v1/projects/${id}`, key);
        if (!got.body.includes(title)) stale.push(port);
      }
      const sys = systemCtx(db, systemClock);
      const victim = await createApiKey(sys, { email: 'bench-scale@example.test', label: 'revoked by the scale-out check' });
      for (const port of ports) await call(port, 'GET', '/v1/projects?limit=1', victim.key); // every process remembers the identity
      const revoked = await call(ports[0]!, 'DELETE', `/v1/account/api-keys/${victim.id}`, key);
      if (revoked.status !== 200 && revoked.status !== 204) throw new Error(`DELETE key answered ${revoked.status}: ${revoked.body.slice(0, 200)}`);
      const stillIn = [];
      for (const port of ports.slice(1)) if ((await call(port, 'GET', '/v1/projects?limit=1', victim.key)).status !== 401) stillIn.push(port);
      consistent = stale.length === 0 && stillIn.length === 0
        ? `MET: the new title and the revoked key seen by the next request to each of the ${count - 1} other processes`
        : `MISSED: stale title on ${stale.length}, revoked key still accepted on ${stillIn.length} of ${count - 1} processes`;
    }
    say(`${count} process(es): ${consistent}`);

    // Each process warmed by the same load on its own for WARM_SECONDS, as a fleet's processes are:
    // a fresh process's CPU per request falls by about half over its first 15-20 s of this load
    // (V8's optimizing tiers, its heap sizing), and measured cold, a process given half the
    // requests spends twice the share of the run cold.
    for (const port of ports) await runLoad({ url: `http://127.0.0.1:${port}`, paths, headers: { authorization: `Bearer ${key}` }, connections: CONNECTIONS, seconds: WARM_SECONDS });

    const lb = await balancer(ports);
    const pids = children.slice(-count).map((c) => c.pid!);
    const before = pids.reduce((n, pid) => n + cpuSeconds(pid), 0);
    const result = await runLoad({ url: `http://127.0.0.1:${lb.port}`, paths, headers: { authorization: `Bearer ${key}` }, connections: CONNECTIONS, seconds: SECONDS });
    const serverCores = (pids.reduce((n, pid) => n + cpuSeconds(pid), 0) - before) / result.seconds;
    await lb.close();
    results.push({ servers: count, result, serverCores, consistent });
    for (const child of children.splice(-count)) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }

  const one = results.find((r) => r.servers === 1)?.result.rps;
  console.log(`\nScale-out over one PostgreSQL (${paths.length} read paths, response cache on, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.log('| processes | req/s | × one | p50 ms | p99 ms | cores: servers / postgres / balancer+load / other | clean | writes seen by the others |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { servers, result: r, serverCores, consistent } of results) {
    const cpu = r.cpu ? `${serverCores.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} / ${r.cpu.self.toFixed(2)} / ${Math.max(0, r.cpu.other - serverCores).toFixed(2)}` : 'n/a';
    console.log(`| ${servers} | ${r.rps.toFixed(0)} | ${one ? (r.rps / one).toFixed(2) : 'n/a'} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${cpu} | ${isClean(r) ? 'yes' : `NO ${JSON.stringify(r.statusCodes)}`} | ${consistent} |`);
  }
  const two = results.find((r) => r.servers === 2)?.result.rps;
  if (one && two) console.log(`${two / one >= 1.5 ? 'TARGET MET' : 'TARGET MISSED'}: 2 processes give ${(two / one).toFixed(2)}× one (target ≥ 1.5×)${bench.throwaway ? ' (SMOKE RUN: not a measurement)' : ''}`);
  // What the machine allows: at one process's CPU per request (servers, PostgreSQL, balancer and
  // load together), all of the machine's cores serve at most `cores / cost` requests a second.
  const single = results.find((r) => r.servers === 1);
  if (single?.result.cpu && one) {
    const ceiling = machineCeiling(single.result.cpu.total, one, os.availableParallelism());
    console.log(`this machine's ceiling: ${ceiling.cores} cores / ${ceiling.msPerRequest.toFixed(2)} ms of CPU per request at 1 process (everything on the machine: ${single.result.cpu.total.toFixed(2)} cores at ${one.toFixed(0)} req/s) = ${ceiling.rps.toFixed(0)} req/s = ${ceiling.ratio.toFixed(2)}× one${ceiling.ratio < 1.5 ? ': 1.5× cannot be shown on this machine' : ''}`);
    for (const { servers, result: r } of results.filter((x) => x.servers > 1 && x.result.cpu)) {
      console.log(`  ${servers} processes: ${(((r.cpu!.total / r.rps) * 1000)).toFixed(2)} ms of CPU per request, ${((r.rps / ceiling.rps) * 100).toFixed(0)} % of the ceiling`);
    }
  }
  const four = results.find((r) => r.servers === 4);
  if (four?.result.cpu) {
    const pgCores = four.result.cpu.postgres;
    console.log(`at 4 processes: servers used ${four.serverCores.toFixed(2)} cores, PostgreSQL ${pgCores.toFixed(2)}: ${four.serverCores >= pgCores ? 'the service' : 'PostgreSQL'} saturates first`);
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'scale-out.json'), JSON.stringify({ at: new Date().toISOString(), paths, connections: CONNECTIONS, seconds: SECONDS, smoke: bench.throwaway, results }, null, 2));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await bench.close();
}

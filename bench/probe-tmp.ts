import fs from 'node:fs';
import { openDatabase } from '../src/db/client.js';
import { benchApp, benchCaller } from './scale-common.js';
const database = await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL!, poolMax: 10 });
const { key } = await benchCaller(database);
const server = await benchApp(database);
const urls: string[] = JSON.parse(fs.readFileSync('bench/results/projects-scale-requests.json', 'utf8'))[process.env.SCENARIO ?? 'facets, 1–3 filters'];
const timed: [number, number, string][] = [];
for (const u of urls) {
  const t = performance.now();
  const res = await server.app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${key}` } });
  const ms = performance.now() - t;
  timed.push([ms, res.statusCode, u]);
  if (res.statusCode !== 200 && timed.filter((x) => x[1] !== 200).length < 4) console.log(res.statusCode, u, res.body.slice(0, 300));
}
timed.sort((a, b) => b[0] - a[0]);
console.log('non-200:', timed.filter((x) => x[1] !== 200).length, 'of', timed.length);
for (const t of timed.slice(0, 25)) console.log(t[0].toFixed(0), t[1], t[2]);
console.log('median', timed[Math.floor(timed.length / 2)]![0].toFixed(1));
await server.app.close(); await database.close();

/**
 * Measures the test harness's start per file (startHarness → ready), the target of the groundwork
 * issue being ≤ 0.5 s: `npm run bench:harness` (embedded database), or with TEST_DATABASE_URL set
 * (PostgreSQL). The first round may build the templates; the next rounds show the steady cost.
 */
import { startHarness } from '../test/helpers/harness.js';

const ROUNDS = 3;
for (const sample of [false, true]) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const h = await startHarness({ sample });
    times.push((performance.now() - t) / 1000);
    await h.close();
  }
  const steady = times.slice(1);
  const mean = steady.reduce((a, b) => a + b, 0) / steady.length;
  console.log(`${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'} ${sample ? 'sample  ' : 'migrated'}: first ${times[0]!.toFixed(2)} s, then ${steady.map((s) => s.toFixed(2)).join(', ')} s (mean ${mean.toFixed(2)} s; target ≤ 0.50 s) ${mean <= 0.5 ? 'TARGET MET' : 'TARGET MISSED'}`);
}
process.exit(0); // PGlite's WASM runtime can keep the event loop alive after close

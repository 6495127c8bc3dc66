/**
 * Load-time benchmark of `seed synthetic`: N articles (default 100 000, env SYNTHETIC_ARTICLES) into a
 * fresh embedded PGlite database in a temporary directory, as `airport-intel seed synthetic` does.
 * Target (issue 2): 100 000 articles in under 5 minutes. Prints the time, the rate and PASS/MISSED.
 *
 *   node --import tsx bench/synthetic-load.ts            # or: npm run bench:seed
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedSynthetic } from '../src/seed/synthetic.js';

const TARGET_SECONDS = 300;
const articles = Number(process.env.SYNTHETIC_ARTICLES ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-seed-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: dir });
try {
  await migrate(database);
  const started = performance.now();
  let last = started;
  await seedSynthetic(database.db, {
    articles,
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - last > 5000 || done === total) {
        process.stderr.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} articles, ${((now - started) / 1000).toFixed(1)} s\n`);
        last = now;
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const scaled = (seconds * 100_000) / articles;
  console.log(`seed synthetic on PGlite: ${articles.toLocaleString('en')} articles in ${seconds.toFixed(1)} s (${Math.round(articles / seconds)} articles/s)`);
  console.log(`${scaled <= TARGET_SECONDS ? 'PASS' : 'TARGET MISSED'}: 100 000 articles ${articles === 100_000 ? 'took' : 'would take about'} ${scaled.toFixed(0)} s; target < ${TARGET_SECONDS} s`);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

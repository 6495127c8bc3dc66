/**
 * `npm run fuzz`: the long run of the fuzzer (test/helpers/fuzzer.ts) over every operation of
 * /openapi.json, as five kinds of caller (none, trial, professional, enterprise, admin), against a
 * fresh database cloned from the test template: an in-memory PGlite by default, a throwaway
 * database on the PostgreSQL server of TEST_DATABASE_URL (or DATABASE_URL) otherwise (created from
 * a template and dropped afterwards; the user must be allowed to create databases).
 *
 * Options (environment): FUZZ_SEED (default 20261121), FUZZ_REQUESTS (default 30 000: the
 * variants per operation per caller are chosen to reach it), FUZZ_FRAMEWORK_ERRORS=0 (leave out
 * what Fastify refuses before any route runs, which is sent by default). Progress goes to stderr; the figures to stdout.
 * Exits 1 on any 5xx, any error outside its edition's format, or any leak.
 */
import { formatReport, operationsOf, runFuzz } from '../test/helpers/fuzzer.js';
import { prepareFuzz } from '../test/helpers/fuzz-setup.js';
import { startHarness } from '../test/helpers/harness.js';

if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const seed = Number(process.env.FUZZ_SEED ?? 20261121);
const wanted = Number(process.env.FUZZ_REQUESTS ?? 30_000);
const engine = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

const h = await startHarness();
let failed = true;
try {
  const setup = await prepareFuzz(h, { extraCallers: true });
  const operations = operationsOf(setup.doc).length;
  const variantsPerOperation = Math.max(30, Math.ceil(wanted / (operations * setup.callers.length)));
  process.stderr.write(`fuzz: ${engine}, seed ${seed}, ${operations} operations × ${setup.callers.length} callers × ${variantsPerOperation} variants\n`);
  let last = 0;
  const report = await runFuzz(setup.doc, setup.target, {
    seed,
    variantsPerOperation,
    callers: setup.callers,
    fixtures: setup.fixtures,
    frameworkErrors: process.env.FUZZ_FRAMEWORK_ERRORS !== '0',
    keepFailures: 100,
    onRequest: (done, total) => {
      if (done - last >= 1000 || done === total) {
        last = done;
        process.stderr.write(`fuzz: ${done}/${total}\n`);
      }
    },
  });
  process.stdout.write(`engine:     ${engine}\nseed:       ${seed}\n${formatReport(report)}\n`);
  failed = report.serverErrors + report.formatErrors + report.leaks > 0;
} finally {
  await h.close();
}
process.exit(failed ? 1 : 0);

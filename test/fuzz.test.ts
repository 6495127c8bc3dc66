/**
 * The fuzz test: every operation of /openapi.json (both editions and the newsletter send), 30
 * malformed variants per operation per caller (none, professional, admin), seeded, over the real
 * database. Fails on any 5xx, any error outside the edition's format, and any leak of a stack or
 * SQL text (test/helpers/fuzzer.ts). The longer run is `npm run fuzz` (scripts/fuzz.ts).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { formatReport, runFuzz } from './helpers/fuzzer.js';
import { prepareFuzz } from './helpers/fuzz-setup.js';
import { startHarness, type Harness } from './helpers/harness.js';

/** The seed of the suite's run; change it to explore, keep it to reproduce. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const VARIANTS = 30;

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

it(`sends ${VARIANTS} malformed variants per operation per caller and gets no 5xx, no wrong format, no leak`, async () => {
  const setup = await prepareFuzz(h);
  const report = await runFuzz(setup.doc, setup.target, { seed: SEED, variantsPerOperation: VARIANTS, callers: setup.callers, fixtures: setup.fixtures });
  assert.ok(report.operations >= 50, `only ${report.operations} operations in /openapi.json`);
  assert.equal(report.requests, report.operations * setup.callers.length * VARIANTS);
  assert.ok((report.byClass['4xx'] ?? 0) > report.requests / 2, 'most variants must be refused');
  const text = formatReport(report);
  assert.equal(report.serverErrors + report.formatErrors + report.leaks, 0, text);
});

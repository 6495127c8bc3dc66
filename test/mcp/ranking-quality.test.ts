/**
 * How often search_api puts the endpoint an agent needs first (issue 15): the development set
 * (`questions.dev.ts`, tuned on) must reach 90 % first and 100 % in the top 3; the held-out set
 * (`questions.holdout.ts`, at least a fifth of all) is measured and printed, not enforced. Questions whose answer is an admin
 * endpoint are ranked as an administrator sees the catalogue, the others as a reader does. Also: each
 * question is ranked in under 5 ms, and every match says why it ranked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OpenApiDocument } from '../../src/mcp/catalogue.js';
import { catalogueOf, type Catalogue } from '../../src/mcp/search-api.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { DEV_QUESTIONS, type Question } from './questions.dev.js';
import { HOLDOUT_QUESTIONS } from './questions.holdout.js';

let h: Harness;
let catalogue: Catalogue;
before(async () => {
  h = await startHarness();
  catalogue = catalogueOf(h.app.swagger() as OpenApiDocument);
});
after(async () => h.close());

interface Figure {
  first: number;
  top3: number;
  total: number;
  misses: string[];
  worstMs: number;
}

function measure(questions: Question[]): Figure {
  const figure: Figure = { first: 0, top3: 0, total: questions.length, misses: [], worstMs: 0 };
  for (const question of questions) {
    const admin = question.expect.some((id) => id.startsWith('apiV1Admin'));
    const started = performance.now();
    const ranked = catalogue.index.rank(question.q, { entries: (e) => admin || !e.admin_only });
    figure.worstMs = Math.max(figure.worstMs, performance.now() - started);
    const ids = ranked.map((r) => r.entry.operation_id);
    const at = ids.findIndex((id) => question.expect.includes(id));
    if (at === 0) figure.first++;
    if (at >= 0 && at < 3) figure.top3++;
    if (at !== 0) figure.misses.push(`"${question.q}" → ${ids.slice(0, 3).join(', ')} (want ${question.expect[0]}${at > 0 ? `, at ${at + 1}` : ''}) [${ranked[0]?.why.join('; ')}]`);
  }
  return figure;
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)} %`;
const print = (name: string, f: Figure) => {
  console.log(`search_api ${name} set: first ${f.first}/${f.total} (${pct(f.first, f.total)}), top-3 ${f.top3}/${f.total} (${pct(f.top3, f.total)}), slowest ${f.worstMs.toFixed(2)} ms`);
  for (const miss of f.misses) console.log(`  miss: ${miss}`);
};

describe('search_api ranking quality', () => {
  it('development set: at least 90 % first and 100 % in the top 3 (figure printed)', () => {
    assert.ok(DEV_QUESTIONS.length >= 80);
    catalogue.index.rank('warm up'); // builds the reference lexicon once
    const f = measure(DEV_QUESTIONS);
    print('development', f);
    assert.ok(f.first / f.total >= 0.9, `first ${pct(f.first, f.total)}`);
    assert.equal(f.top3, f.total);
  });

  it('held-out set (at least a fifth of all questions): measured and printed', () => {
    assert.ok(HOLDOUT_QUESTIONS.length * 5 >= HOLDOUT_QUESTIONS.length + DEV_QUESTIONS.length, 'the held-out set is at least a fifth of the questions');
    const f = measure(HOLDOUT_QUESTIONS);
    print('held-out', f);
    assert.ok(f.total > 0);
  });

  it('ranks a question in under 5 ms (mean of 5 passes) and says why each match ranked', () => {
    const all = [...DEV_QUESTIONS, ...HOLDOUT_QUESTIONS];
    for (const question of all) {
      const ranked = catalogue.index.rank(question.q);
      assert.ok(ranked.length > 0 && ranked.every((r) => r.why.length > 0), question.q);
    }
    // A shared, busy test machine: the figure is the mean over passes, each question's best printed too.
    const best = all.map((question) => {
      let fastest = Infinity;
      for (let pass = 0; pass < 5; pass++) {
        const started = performance.now();
        catalogue.index.rank(question.q);
        fastest = Math.min(fastest, performance.now() - started);
      }
      return fastest;
    });
    const started = performance.now();
    for (let pass = 0; pass < 5; pass++) for (const question of all) catalogue.index.rank(question.q);
    const mean = (performance.now() - started) / (5 * all.length);
    console.log(`search_api ranking time: mean ${mean.toFixed(3)} ms per question, slowest question at best ${Math.max(...best).toFixed(3)} ms`);
    assert.ok(mean < 5, `mean ${mean} ms`);
    assert.ok(Math.max(...best) < 5);
  });

  it('puts the archive search first when nothing matches', () => {
    const ranked = catalogue.index.rank('zzzz qqqq', { entries: (e) => !e.admin_only });
    assert.equal(ranked[0]!.entry.operation_id, 'apiV1SearchGet');
    assert.match(ranked[0]!.why.join(' '), /archive/);
  });
});

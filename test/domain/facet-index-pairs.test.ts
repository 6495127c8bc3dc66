/**
 * The pair orders of the project index (decisions 0062 and 0068), on a base built in memory (no
 * database: the data structure alone; test/perf/facet-index.test.ts compares the index with SQL
 * over HTTP): two of status, region and type, or a term and a year range or an amount range, are
 * counted exactly from the prefix counts of their pair order, without testing a row one by one; a
 * term and a status, a region or a type (no pair order) test the smaller's rows; a third member
 * tests only the rows of the pair.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BaseIndex, countWork, IdList, SegmentBuilder, Slots, type FacetRow, type IndexFilter } from '../../src/domain/projects/facet-index.js';

const ROWS = 3000;
let state = 11;
const rand = (n: number) => (((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * n) | 0;
/** A value of `n` choices, or null one time in `nulls`. */
const maybe = (prefix: string, n: number, nulls: number) => (rand(nulls) === 0 ? null : `${prefix}${rand(n)}`);

const rows: FacetRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i.toString(16).padStart(32, '0'),
  status: `s${rand(5)}`,
  region: maybe('r', 6, 7),
  country: maybe('C', 20, 9),
  type: maybe('t', 8, 5),
  year: rand(6) === 0 ? null : 2000 + rand(30),
  usd: null,
  amount: rand(4) === 0 ? null : rand(1000) * 1000,
  // 0 to 3 distinct terms of 12.
  terms: [...new Set(Array.from({ length: rand(4) }, () => `term-${rand(12)}`))],
}));
const slots = new Slots();
const builder = new SegmentBuilder(ROWS);
const ids = new IdList();
for (const r of rows) {
  builder.push(r, slots);
  ids.pushHex(r.id);
}
// Prefix counts every 16 rows: the slices use them, with rows added or taken off at both ends.
const base = new BaseIndex(builder.build(), ids, slots, { checkpoint: 16 });
const none = new SegmentBuilder(0).build();

/** The counts of the rows `accepts` takes, row by row (slot 0, "no value", left as the index leaves it: compared from slot 1). */
function bruteForce(accepts: (r: FacetRow) => boolean): number[] {
  const counts = new Array<number>(slots.size).fill(0);
  for (const r of rows.filter(accepts)) {
    for (const [dim, key] of [['status', r.status], ['region', r.region], ['country', r.country], ['type', r.type]] as const) {
      if (key !== null) counts[slots.find(dim, [key])[0]!]!++;
    }
    for (const t of r.terms) counts[slots.find('term', [t])[0]!]!++;
  }
  return counts.slice(1);
}

/** The index's counts of `filter` and the rows it tested one by one. */
function counted(filter: IndexFilter): { counts: number[]; tested: number } {
  const before = countWork.tested;
  const counts = [...base.count(filter, slots, [], none).slice(1)];
  return { counts, tested: countWork.tested - before };
}

const term = (t: number) => slots.find('term', [`term-${t}`]);

describe('the pair orders of the project index', () => {
  it('counts two of status, region and type (one value or two each) from prefix counts, exactly', () => {
    const dims = [['status', 's', 5], ['region', 'r', 6], ['type', 't', 8]] as const;
    let nonEmpty = 0;
    for (const [a, pa, na] of dims) {
      for (const [b, pb, nb] of dims) {
        if (a === b) continue;
        for (let u = 0; u < na; u++) {
          for (let v = 0; v < nb; v++) {
            const left = [`${pa}${u}`];
            const right = [`${pb}${v}`, `${pb}${(v + 3) % nb}`];
            const { counts, tested } = counted({ [a]: slots.find(a, left), [b]: slots.find(b, right) });
            const expected = bruteForce((r) => left.includes(r[a] as string) && right.includes(r[b] as string));
            assert.deepEqual(counts, expected, `${a} ${left} and ${b} ${right}`);
            assert.equal(tested, 0, `${a} ${left} and ${b} ${right}: counted from the pair order's prefixes, no row tested`);
            if (expected.some((c) => c > 0)) nonEmpty++;
          }
        }
      }
    }
    assert.ok(nonEmpty > 200, `most pairs match rows (${nonEmpty})`);
  });

  it('counts one term and a status, a region or a type exactly, testing the rows of the smaller', () => {
    for (let t = 0; t < 12; t++) {
      for (const [dim, prefix, n] of [['status', 's', 5], ['region', 'r', 6], ['type', 't', 8]] as const) {
        for (let v = 0; v < n; v++) {
          const keys = [`${prefix}${v}`];
          const { counts, tested } = counted({ terms: [term(t)], [dim]: slots.find(dim, keys) });
          assert.deepEqual(counts, bruteForce((r) => r.terms.includes(`term-${t}`) && keys.includes(r[dim] as string)), `term-${t} and ${dim} ${keys}`);
          const smaller = Math.min(rows.filter((r) => r.terms.includes(`term-${t}`)).length, rows.filter((r) => r[dim] === keys[0]).length);
          assert.equal(tested, smaller, `term-${t} and ${dim} ${keys}: the smaller member's rows tested`);
        }
      }
    }
  });

  it('counts one term and a year or an amount range from prefix counts, exactly', () => {
    for (let t = 0; t < 12; t++) {
      for (const [lo, hi] of [[2005, 2012], [2000, 2000], [2029, 2040], [1990, 1999]]) {
        const { counts, tested } = counted({ terms: [term(t)], yearFrom: lo, yearTo: hi });
        assert.deepEqual(counts, bruteForce((r) => r.terms.includes(`term-${t}`) && r.year !== null && r.year >= lo! && r.year <= hi!), `term-${t}, years ${lo}–${hi}`);
        assert.equal(tested, 0);
      }
      for (const [lo, hi] of [[0, 250_000], [500_000, 500_000], [900_000, 5_000_000]]) {
        const { counts, tested } = counted({ terms: [term(t)], amountMin: lo, amountMax: hi });
        assert.deepEqual(counts, bruteForce((r) => r.terms.includes(`term-${t}`) && r.amount !== null && r.amount >= lo! && r.amount <= hi!), `term-${t}, amounts ${lo}–${hi}`);
        assert.equal(tested, 0);
      }
    }
  });

  it('with a third member, tests only the rows of the smallest pair; a set of two terms is no pair', () => {
    const countries = ['C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10'];
    for (let t = 0; t < 12; t++) {
      const pairRows = rows.filter((r) => r.terms.includes(`term-${t}`) && r.year !== null && r.year >= 2010 && r.year <= 2019).length;
      const { counts, tested } = counted({ terms: [term(t)], yearFrom: 2010, yearTo: 2019, country: slots.find('country', countries) });
      assert.deepEqual(counts, bruteForce((r) => r.terms.includes(`term-${t}`) && r.year !== null && r.year >= 2010 && r.year <= 2019 && countries.includes(r.country!)));
      assert.ok(tested <= pairRows, `term-${t}: ${tested} rows tested, the pair holds ${pairRows}`);
    }
    // Two terms: a row carrying both stands under each in a pair order, so the pair cannot count them.
    const two = [...term(0), ...term(1)];
    const { counts, tested } = counted({ terms: [two], status: slots.find('status', ['s2']) });
    assert.deepEqual(counts, bruteForce((r) => (r.terms.includes('term-0') || r.terms.includes('term-1')) && r.status === 's2'));
    assert.ok(tested > 0, 'two terms: the driver\'s rows tested');
  });
});

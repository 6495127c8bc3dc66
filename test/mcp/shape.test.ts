/**
 * Sizing of call_api results, without a server: the budget always holds, cuts are to whole records
 * (CSV records may hold quoted line breaks), a single record too large for the budget is cut as
 * flagged text, and `fields` reaches into nested records.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { largestFitting, sizeOf } from '../../src/mcp/budget.js';
import { keepFields } from '../../src/mcp/fields.js';
import { shapeJson } from '../../src/mcp/shape-json.js';
import { csvRecords, shapeText } from '../../src/mcp/shape-text.js';

const page = (n: number, size: number) => ({
  data: Array.from({ length: n }, (_, i) => ({ id: i + 1, content: 'x'.repeat(size), tags: ['a', 'b'] })),
  meta: { page: 3, limit: n, total: 1000, pages: Math.ceil(1000 / n) },
});

describe('largestFitting', () => {
  it('finds the boundary, and -1 when nothing fits', () => {
    assert.equal(largestFitting(10, (k) => k <= 7), 7);
    assert.equal(largestFitting(10, () => true), 10);
    assert.equal(largestFitting(10, (k) => k === 0), 0);
    assert.equal(largestFitting(10, () => false), -1);
  });
});

describe('shapeJson', () => {
  it('keeps the budget for any record size, cutting to whole records with an exact next page', () => {
    for (const size of [10, 500, 1999, 4000, 7000]) {
      for (const budget of [2000, 20000]) {
        const result = shapeJson(200, 'application/json', page(20, size), { method: 'GET', query: { q: 'x' }, budget });
        assert.ok(sizeOf(result) <= budget, `size ${size}, budget ${budget}: ${sizeOf(result)}`);
        if (!result.truncated) continue;
        if (result.truncation!.reason === 'record_too_large') {
          assert.equal(result.body, undefined);
          assert.ok(result.text!.startsWith('{"data":[{"id":1,'));
          continue;
        }
        const kept = (result.body as { data: { id: number }[] }).data;
        assert.deepEqual(kept.map((r) => r.id), Array.from({ length: kept.length }, (_, i) => i + 1));
        const q = result.next!.query as { page: number; limit: number; q: string };
        assert.equal(q.q, 'x');
        assert.equal((q.page - 1) * q.limit, 2 * 20 + kept.length, 'the next page starts right after the last record kept');
        assert.ok(q.limit <= kept.length);
      }
    }
  });

  it('cuts the largest list inside a single record, and leaves small answers whole', () => {
    const edition = { data: { number: 7, summary: 's', articles: Array.from({ length: 30 }, (_, i) => ({ id: i, content: 'y'.repeat(2000) })) } };
    const result = shapeJson(200, 'application/json', edition, { method: 'GET', query: {}, budget: 20000 });
    assert.equal(result.truncation?.list, 'data.articles');
    assert.equal((result.body as typeof edition).data.number, 7);
    assert.match(result.next!.note, /more records in data\.articles/);
    const small = shapeJson(404, 'application/json', { error: 'not found' }, { method: 'GET', query: {}, fields: ['id'], budget: 20000 });
    assert.deepEqual(small, { status: 404, content_type: 'application/json', truncated: false, body: { error: 'not found' } });
  });
});

describe('keepFields', () => {
  it('keeps dotted members inside lists and reports unknown names', () => {
    const data = [{ id: 1, articles: [{ headline: 'h', content: 'c' }], x: 1 }];
    assert.deepEqual(keepFields(data, ['id', 'articles.headline', 'nope']), { data: [{ id: 1, articles: [{ headline: 'h' }] }], unknown: ['nope'] });
  });
});

describe('CSV', () => {
  const csv = 'id,title\r\n1,"two\r\nlines, and ""quotes"""\r\n2,plain\r\n3,last\r\n';

  it('splits records only outside quoted fields', () => {
    assert.deepEqual(csvRecords(csv), ['id,title\r\n', '1,"two\r\nlines, and ""quotes"""\r\n', '2,plain\r\n', '3,last\r\n']);
  });

  it('keeps the header and whole rows within the budget, and says so', () => {
    const big = 'id,text\r\n' + Array.from({ length: 500 }, (_, i) => `${i},"${'z'.repeat(100)}"\r\n`).join('');
    const result = shapeText(200, 'text/csv', big, { path: '/api/v1/projects/export', budget: 5000 });
    assert.ok(sizeOf(result) <= 5000);
    assert.equal(result.truncated, true);
    const rows = csvRecords(result.text!);
    assert.equal(rows[0], 'id,text\r\n');
    assert.equal(result.truncation!.returned, rows.length - 1);
    assert.equal(result.truncation!.available, 500);
    assert.match(result.next!.note, /GET \/api\/v1\/projects \(page, limit\)/);
  });

  it('cuts other text to the budget, flagged', () => {
    const result = shapeText(200, 'text/plain', 'w'.repeat(10000), { path: '/api/v1/x', budget: 1000, fields: ['a'] });
    assert.ok(sizeOf(result) <= 1000);
    assert.equal(result.truncation?.reason, 'budget');
    assert.match(result.notes![0]!, /fields applies to JSON/);
  });
});

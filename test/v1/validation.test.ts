/**
 * Validation limits of /v1 (docs/v1.md, "Validation limits"; issue 17): integers beyond their
 * column, control characters in any text, over-long comma lists are refused with problem+json
 * naming the field in `errors` (422 `validation failed` for `limit`, as the seed says; 400 for
 * everything else), before any SQL runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeArticle } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { ok, problem } from './helpers.js';

let h: Harness;
let reader: TestIdentity;
before(async () => {
  h = await startHarness();
  reader = await h.identity({ plan: 'enterprise' });
  await makeArticle(h, { airports: ['LHR'], topics: ['terminals'] });
});
after(() => h.close());

/** A problem with `status` whose `errors` name `field`; returns the reason given for it. */
async function refused(url: string, field: string, status = 400): Promise<string> {
  const body = await problem(h, reader, url, status);
  const entry = body.errors?.find((e) => e.name === field);
  assert.ok(entry, `${url}: errors name ${field}: ${JSON.stringify(body.errors)}`);
  return entry.reason;
}

describe('integers carry the bounds of their column', () => {
  it('offset beyond its bound or any number: 400 naming offset', async () => {
    assert.match(await refused('/v1/calendar?offset=1e309', 'offset'), /integer|<=/);
    assert.match(await refused('/v1/editions?offset=10000001', 'offset'), /<= 10000000/);
    assert.match(await refused('/v1/search?offset=99999999999999999999999', 'offset'), /<=/);
    const last = await ok<{ editions: unknown[] }>(h, reader, '/v1/editions?offset=10000000');
    assert.deepEqual(last.editions, []);
  });

  it('limit beyond any number: 422 validation failed, as every limit above 200', async () => {
    await refused('/v1/calendar?limit=1e309', 'limit', 422);
    const body = await problem(h, reader, '/v1/projects?limit=2147483648', 422, /^validation failed$/);
    assert.equal(body.errors?.[0]?.name, 'limit');
  });

  it('money amounts and numbers beyond their columns', async () => {
    assert.match(await refused('/v1/projects?min_value=1e30', 'min_value'), /<= 1000000000000000/);
    await refused('/v1/projects/facets?max_value=9223372036854775808', 'max_value');
    await refused('/v1/search?edition=2147483648', 'edition');
    await refused('/v1/search/facets?year=99999', 'year');
  });
});

describe('text refuses control characters other than tab and line breaks', () => {
  it('a NUL or another control character in query text', async () => {
    for (const [url, field] of [
      ['/v1/search?q=a%00b', 'q'],
      ['/v1/search/facets?region=%00', 'region'],
      ['/v1/airports?q=L%00', 'q'],
      ['/v1/tenders?region=%07', 'region'],
      ['/v1/projects?type=%1b%5b31m', 'type'],
      ['/v1/search?terms=ok,a%00', 'terms'],
    ] as const) {
      assert.match(await refused(url, field), /control characters/);
    }
  });

  it('a NUL on a CSV export is a problem document with the request id header, not a broken stream', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/projects/export?q=%00', headers: reader.keyAuth });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.ok(res.headers['x-request-id']);
    assert.equal((res.json() as { errors: { name: string }[] }).errors[0]!.name, 'q');
    await refused('/v1/search/export?airport=%00', 'airport');
  });

  it('a NUL in a path parameter', async () => {
    await refused('/v1/airports/LH%00', 'ref');
    await refused('/v1/airports/%00/projects', 'ref');
    await refused('/v1/editions/00000000-0000-4000-8000-000000000000%00', 'id');
  });

  it('a tab or a line break in text is searched, not refused', async () => {
    const body = await ok<{ articles: unknown[] }>(h, reader, `/v1/search?q=${encodeURIComponent('terminal\tnews\r\n')}`);
    assert.ok(Array.isArray(body.articles));
  });
});

describe('comma lists and text have a maximum length', () => {
  it('facets with 1000 terms are refused at once, naming terms', async () => {
    const terms = Array.from({ length: 1000 }, (_, i) => `t${i}`).join(',');
    const reason = await refused(`/v1/search/facets?terms=${terms}`, 'terms');
    assert.match(reason, /at most (50 comma-separated items|2000 characters)/);
    // 51 short items fit in 2000 characters: the item count refuses them.
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
    assert.match(await refused(`/v1/search/facets?terms=${many}`, 'terms'), /at most 50 comma-separated items/);
    assert.match(await refused(`/v1/projects?terms=${many}`, 'terms'), /at most 50/);
    assert.match(await refused(`/v1/tenders/facets?terms=${many}`, 'terms'), /at most 50/);
    const fifty = await ok<Record<string, unknown>>(h, reader, `/v1/search/facets?terms=${many.split(',').slice(0, 50).join(',')}`);
    assert.ok(fifty.topics);
  });

  it('a query longer than 500 characters', async () => {
    assert.match(await refused(`/v1/search?q=${'a'.repeat(501)}`, 'q'), /at most 500 characters/);
  });
});

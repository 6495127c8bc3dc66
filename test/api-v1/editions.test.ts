/**
 * /api/v1 editions: list (published only, newest first, page/limit with meta), latest, by number.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sampleEditions } from '../../src/seed/sample.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
let admin: TestIdentity;
const sample = sampleEditions();
const published = sample.filter((e) => e.status === 'published').sort((a, b) => b.publish_date.localeCompare(a.publish_date));
const archived = sample.filter((e) => e.status === 'archived');
const draft = sample.find((e) => e.status === 'draft')!;

before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const get = (url: string, who: TestIdentity = pro) => h.app.inject({ method: 'GET', url, headers: who.keyAuth });

describe('GET /api/v1/editions', () => {
  it('lists published editions only, newest first, with executive-summary fields and integer meta', async () => {
    const res = await get('/api/v1/editions');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.data.map((e: { number: number }) => e.number), published.map((e) => e.number));
    assert.deepEqual(body.meta, { page: 1, limit: 20, total: published.length, pages: 1 });
    for (const e of body.data) {
      assert.equal(e.status, 'published');
      assert.ok(e.summary.length > 50);
      assert.ok(Array.isArray(e.top_developments) && e.top_developments.length > 0);
      assert.ok(Array.isArray(e.key_trends) && e.key_trends.length > 0);
      assert.ok(Array.isArray(e.regional_highlights) && e.regional_highlights[0].region);
      assert.ok(Array.isArray(e.key_metrics) && e.key_metrics[0].label);
      assert.equal(e.article_count, sample.find((s) => s.number === e.number)!.articles.length);
      assert.equal(e.articles, undefined);
    }
  });

  it('pages with page and limit', async () => {
    const res = await get('/api/v1/editions?page=2&limit=1');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().meta, { page: 2, limit: 1, total: published.length, pages: published.length });
    assert.equal(res.json().data[0].number, published[1]!.number);
    const beyond = await get(`/api/v1/editions?page=${published.length + 1}&limit=1`);
    assert.deepEqual(beyond.json().data, []);
  });

  it('rejects a limit above 50, a non-numeric page and a page of 0 with 400 naming the parameter', async () => {
    for (const [query, param] of [['limit=51', 'limit'], ['page=abc', 'page'], ['page=0', 'page'], ['limit=2.5', 'limit']]) {
      const res = await get(`/api/v1/editions?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, new RegExp(`"${param}"`), query);
    }
  });
});

describe('GET /api/v1/editions/latest', () => {
  it('returns the most recent published edition with all its articles in edition order', async () => {
    const res = await get('/api/v1/editions/latest');
    assert.equal(res.statusCode, 200);
    const e = res.json().data;
    const expected = published[0]!;
    assert.equal(e.number, expected.number);
    assert.equal(e.summary, expected.summary);
    assert.deepEqual(e.articles.map((a: { headline: string }) => a.headline), expected.articles.map((a) => a.headline));
    for (const [i, a] of e.articles.entries()) {
      assert.equal(a.sort_order, i + 1);
      assert.equal(a.edition_number, expected.number);
      assert.equal(a.publish_date, expected.publish_date);
      assert.equal(a.takeaways.length, 3);
      assert.ok(a.why_it_matters.length > 10);
    }
  });
});

describe('GET /api/v1/editions/:number', () => {
  it('returns a published edition with articles and executive summary', async () => {
    const target = published[published.length - 1]!;
    const res = await get(`/api/v1/editions/${target.number}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.number, target.number);
    assert.equal(res.json().data.articles.length, target.articles.length);
    assert.deepEqual(res.json().data.key_trends, target.key_trends);
  });

  it('returns an archived (imported) edition', async () => {
    const res = await get(`/api/v1/editions/${archived[0]!.number}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.status, 'archived');
  });

  it('hides drafts from subscribers (404) but shows them to admins', async () => {
    const res = await get(`/api/v1/editions/${draft.number}`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error, `Edition ${draft.number} not found`);
    const asAdmin = await get(`/api/v1/editions/${draft.number}`, admin);
    assert.equal(asAdmin.statusCode, 200);
    assert.equal(asAdmin.json().data.status, 'draft');
  });

  it('answers 404 for an unknown number and 400 for a non-numeric one', async () => {
    assert.equal((await get('/api/v1/editions/99999')).statusCode, 404);
    const bad = await get('/api/v1/editions/abc');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().error, /path parameter "number": must be an integer/);
  });
});

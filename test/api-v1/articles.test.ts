/**
 * /api/v1/articles: every filter (each returned row satisfies it), pagination, and one article by id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sampleEditions } from '../../src/seed/sample.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

interface Row {
  id: string;
  headline: string;
  content: string;
  region: string | null;
  country: string | null;
  country_code: string | null;
  airports: string[];
  iata_codes: string[];
  topics: string[];
  tags: string[];
  edition_number: number;
  publish_date: string;
}

let h: Harness;
let pro: TestIdentity;
const sample = sampleEditions();
const publishedArticles = sample.filter((e) => e.status === 'published').flatMap((e) => e.articles.map((a) => ({ ...a, edition: e })));

before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

const list = async (query: string): Promise<{ data: Row[]; meta: { page: number; limit: number; total: number; pages: number } }> => {
  const res = await h.app.inject({ method: 'GET', url: `/api/v1/articles?${query}`, headers: pro.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};

describe('GET /api/v1/articles', () => {
  it('lists articles of published editions only, newest edition first, with edition_number and publish_date', async () => {
    const body = await list('limit=100');
    assert.equal(body.meta.total, publishedArticles.length);
    assert.equal(body.data.length, publishedArticles.length);
    const numbers = body.data.map((a) => a.edition_number);
    assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a));
    for (const a of body.data) {
      const edition = sample.find((e) => e.number === a.edition_number)!;
      assert.equal(edition.status, 'published');
      assert.equal(a.publish_date, edition.publish_date);
    }
  });

  it('defaults to 20 per page and pages with page/limit', async () => {
    const first = await list('');
    assert.deepEqual(first.meta, { page: 1, limit: 20, total: publishedArticles.length, pages: Math.ceil(publishedArticles.length / 20) });
    const second = await list('page=2&limit=5');
    const all = await list('limit=100');
    assert.deepEqual(second.data.map((a) => a.id), all.data.slice(5, 10).map((a) => a.id));
  });

  it('q: full-text search in web-search syntax', async () => {
    const body = await list('q=heathrow&limit=100');
    assert.ok(body.data.length > 0);
    for (const a of body.data) assert.match(`${a.headline} ${a.content}`, /heathrow/i);
  });

  it('region: substring of the region name', async () => {
    const body = await list('region=east&limit=100');
    assert.ok(body.data.length > 0);
    for (const a of body.data) assert.match(a.region!, /east/i);
  });

  it('country: substring of the country name, or the ISO code', async () => {
    const byName = await list('country=kingdom&limit=100');
    assert.ok(byName.data.length > 0);
    for (const a of byName.data) assert.equal(a.country, 'United Kingdom');
    const byCode = await list('country=GB&limit=100');
    assert.deepEqual(byCode.data.map((a) => a.id), byName.data.map((a) => a.id));
  });

  it('tag, topic and airport: the article carries that value', async () => {
    const tag = publishedArticles[0]!.tags[0]!;
    const byTag = await list(`tag=${tag}&limit=100`);
    assert.ok(byTag.data.length > 0);
    const tagName = byTag.data[0]!.tags.find((t) => t.toLowerCase().replace(/ /g, '-') === tag.toLowerCase())!;
    for (const a of byTag.data) assert.ok(a.tags.includes(tagName), `${a.headline} lacks ${tagName}`);
    assert.equal((await list(`tag=${encodeURIComponent(tagName)}&limit=100`)).meta.total, byTag.meta.total);

    const byTopic = await list('topic=Sustainability&limit=100');
    assert.ok(byTopic.data.length > 0);
    for (const a of byTopic.data) assert.ok(a.topics.includes('Sustainability'));
    assert.equal((await list('topic=sustainability&limit=100')).meta.total, byTopic.meta.total);

    const byIata = await list('airport=LHR&limit=100');
    assert.ok(byIata.data.length > 0);
    for (const a of byIata.data) assert.ok(a.iata_codes.includes('LHR'));
    const byName = await list('airport=Heathrow&limit=100');
    for (const a of byName.data) assert.ok(a.airports.some((n) => /heathrow/i.test(n)));
    assert.equal(byName.meta.total, byIata.meta.total);
  });

  it('edition: the issue number', async () => {
    const number = sample.find((e) => e.status === 'published')!.number;
    const body = await list(`edition=${number}&limit=100`);
    assert.equal(body.data.length, sample.find((e) => e.number === number)!.articles.length);
    for (const a of body.data) assert.equal(a.edition_number, number);
  });

  it('combines filters with AND', async () => {
    const body = await list('country=GB&topic=runways&limit=100');
    for (const a of body.data) {
      assert.equal(a.country_code, 'GB');
      assert.ok(a.topics.includes('Runways & airfield'));
    }
  });

  it('rejects bad parameters with 400 naming them', async () => {
    for (const [query, param] of [['limit=101', 'limit'], ['page=-1', 'page'], ['edition=x', 'edition'], ['q=', 'q']]) {
      const res = await h.app.inject({ method: 'GET', url: `/api/v1/articles?${query}`, headers: pro.keyAuth });
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, new RegExp(`"${param}"`));
    }
  });
});

describe('GET /api/v1/articles/:id', () => {
  it('returns one article with takeaways, why_it_matters and source', async () => {
    const { data } = await list('limit=1');
    const res = await h.app.inject({ method: 'GET', url: `/api/v1/articles/${data[0]!.id}`, headers: pro.keyAuth });
    assert.equal(res.statusCode, 200);
    const a = res.json().data;
    const expected = publishedArticles.find((x) => x.headline === a.headline)!;
    assert.deepEqual(a.takeaways, expected.takeaways);
    assert.equal(a.why_it_matters, expected.why_it_matters);
    assert.equal(a.source_name, expected.source_name);
    assert.equal(a.source_url, expected.source_url);
    assert.deepEqual([...a.iata_codes].sort(), [...expected.airports].sort());
  });

  it('answers 400 for a malformed UUID, 404 for an unknown one and for a draft article', async () => {
    const bad = await h.app.inject({ method: 'GET', url: '/api/v1/articles/not-a-uuid', headers: pro.keyAuth });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().error, /"id": must be a UUID/);
    const unknown = await h.app.inject({ method: 'GET', url: `/api/v1/articles/${crypto.randomUUID()}`, headers: pro.keyAuth });
    assert.equal(unknown.statusCode, 404);
    const draft = await h.database.db
      .selectFrom('articles').innerJoin('editions', 'editions.id', 'articles.edition_id')
      .select('articles.id').where('editions.status', '=', 'draft').executeTakeFirstOrThrow();
    assert.equal((await h.app.inject({ method: 'GET', url: `/api/v1/articles/${draft.id}`, headers: pro.keyAuth })).statusCode, 404);
  });
});

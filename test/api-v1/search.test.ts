/**
 * /api/v1/search, GET and POST: web-search syntax and ranking, every filter, archived editions,
 * pagination and bad input.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sampleEditions } from '../../src/seed/sample.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

interface Row {
  id: string;
  headline: string;
  content: string;
  why_it_matters: string;
  takeaways: string[];
  region: string | null;
  region_slug: string | null;
  iata_codes: string[];
  airports: string[];
  topics: string[];
  tags: string[];
  edition_number: number;
  publish_date: string;
}
type Body = { data: Row[]; meta: { page: number; limit: number; total: number; pages: number } };

let h: Harness;
let pro: TestIdentity;
const sample = sampleEditions();
const statusOf = (n: number) => sample.find((e) => e.number === n)!.status;
const published = sample.filter((e) => e.status === 'published').flatMap((e) => e.articles);

before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

const search = async (query: string): Promise<Body> => {
  const res = await h.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: pro.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};
const post = (body: unknown) => h.app.inject({ method: 'POST', url: '/api/v1/search', headers: pro.keyAuth, payload: body as object });
const text = (a: Row) => `${a.headline} ${a.takeaways.join(' ')} ${a.why_it_matters} ${a.content}`;

describe('q: web-search syntax, ranked by relevance then recency', () => {
  it('finds every published article first when searching its headline as a quoted phrase', async () => {
    for (const article of published) {
      const body = await search(`q=${encodeURIComponent(`"${article.headline}"`)}`);
      assert.equal(body.data[0]?.headline, article.headline);
    }
  });

  it('supports OR and -exclusion', async () => {
    const either = await search(`q=${encodeURIComponent('gatwick OR changi')}&limit=100`);
    assert.ok(either.data.some((a) => /gatwick/i.test(text(a))));
    assert.ok(either.data.some((a) => /changi/i.test(text(a))));
    for (const a of either.data) assert.match(text(a), /gatwick|changi/i);

    const runway = await search('q=runway&limit=100');
    const without = await search(`q=${encodeURIComponent('runway -gatwick')}&limit=100`);
    assert.ok(without.meta.total < runway.meta.total);
    for (const a of without.data) assert.doesNotMatch(text(a), /gatwick/i);
  });

  it('ranks an article with the words in its headline above one that has them only in its body', async () => {
    const body = await search('q=heathrow&limit=100');
    const firstInHeadline = body.data.findIndex((a) => /heathrow/i.test(a.headline));
    const lastInHeadline = body.data.map((a) => /heathrow/i.test(a.headline)).lastIndexOf(true);
    const firstBodyOnly = body.data.findIndex((a) => !/heathrow/i.test(a.headline));
    assert.equal(firstInHeadline, 0);
    if (firstBodyOnly !== -1) assert.ok(lastInHeadline < firstBodyOnly);
  });
});

describe('filters', () => {
  it('region: exact region name or slug (OR over any_regions)', async () => {
    const byName = await search('region=Europe&limit=100');
    assert.ok(byName.data.length > 0);
    for (const a of byName.data) assert.equal(a.region, 'Europe');
    assert.equal((await search('region=europe&limit=100')).meta.total, byName.meta.total);
    assert.equal((await search('region=Eur')).meta.total, 0);

    const any = await search('any_regions=europe,middle-east&limit=100');
    for (const a of any.data) assert.ok(['europe', 'middle-east'].includes(a.region_slug!));
    assert.ok(any.data.some((a) => a.region_slug === 'middle-east'));
  });

  it('year: the edition publish year', async () => {
    const body = await search('year=2026&limit=100');
    assert.equal(body.meta.total, published.length);
    for (const a of body.data) assert.ok(a.publish_date.startsWith('2026'));
    assert.equal((await search('year=2025')).meta.total, 0, 'archived 2025 editions are excluded by default');
    const archived = await search('year=2025&include_archived=1&limit=100');
    assert.ok(archived.data.length > 0);
    for (const a of archived.data) assert.ok(a.publish_date.startsWith('2025'));
  });

  it('tag, topic, airport: one required value each', async () => {
    const byTag = await search('tag=ppp&limit=100');
    assert.ok(byTag.data.length > 0);
    for (const a of byTag.data) assert.ok(a.tags.includes('PPP'));
    const byTopic = await search('topic=cargo-logistics&limit=100');
    assert.ok(byTopic.data.length > 0);
    for (const a of byTopic.data) assert.ok(a.topics.includes('Cargo & logistics'));
    const byAirport = await search(`airport=${encodeURIComponent('London Heathrow Airport')}&limit=100`);
    assert.ok(byAirport.data.length > 0);
    for (const a of byAirport.data) assert.ok(a.iata_codes.includes('LHR'));
  });

  it('any_tags, any_topics, any_airports: at least one of the values', async () => {
    const tags = await search('any_tags=ppp,biometrics&limit=100');
    assert.ok(tags.data.length > 0);
    for (const a of tags.data) assert.ok(a.tags.includes('PPP') || a.tags.includes('Biometrics'));
    const topics = await search('any_topics=sustainability,cargo-logistics&limit=100');
    for (const a of topics.data) assert.ok(a.topics.includes('Sustainability') || a.topics.includes('Cargo & logistics'));
    const airports = await search('any_airports=LHR,SIN&limit=100');
    assert.ok(airports.data.length > 0);
    for (const a of airports.data) assert.ok(a.iata_codes.includes('LHR') || a.iata_codes.includes('SIN'));
  });

  it('exclude_tags: none of the values', async () => {
    const all = await search('limit=100');
    const body = await search('exclude_tags=ppp,biometrics&limit=100');
    assert.ok(body.meta.total < all.meta.total);
    for (const a of body.data) assert.ok(!a.tags.includes('PPP') && !a.tags.includes('Biometrics'));
  });

  it('include_archived=1 adds articles of archived editions; drafts never appear', async () => {
    const plain = await search('limit=100');
    for (const a of plain.data) assert.equal(statusOf(a.edition_number), 'published');
    const withArchive = await search('include_archived=1&limit=100');
    const statuses = new Set(withArchive.data.map((a) => statusOf(a.edition_number)));
    assert.deepEqual([...statuses].sort(), ['archived', 'published']);
    assert.equal(withArchive.meta.total, sample.filter((e) => e.status !== 'draft').reduce((n, e) => n + e.articles.length, 0));
  });

  it('pages with the default limit 30 and at most 100', async () => {
    const body = await search('include_archived=1');
    assert.equal(body.meta.limit, 30);
    assert.equal(body.data.length, 30);
    const second = await search('include_archived=1&page=2');
    assert.equal(second.data.length, body.meta.total - 30);
  });

  it('a ranked search counts every match on every page, a page past the last one included', async () => {
    const all = await search('q=airport&limit=100&include_archived=1');
    assert.ok(all.meta.total > 4 && all.meta.total < 100, `a handful of matches (${all.meta.total})`);
    assert.equal(all.data.length, all.meta.total);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.meta.total / 3); page++) {
      const body = await search(`q=airport&limit=3&page=${page}&include_archived=1`);
      assert.equal(body.meta.total, all.meta.total, `page ${page}`);
      seen.push(...body.data.map((r) => r.id));
    }
    assert.deepEqual(seen, all.data.map((r) => r.id), 'the pages are the one ranking cut in windows');
    const past = await search(`q=airport&limit=3&page=${Math.ceil(all.meta.total / 3) + 5}&include_archived=1`);
    assert.deepEqual(past.data, []);
    assert.equal(past.meta.total, all.meta.total, 'the total of a page past the end is still the number of matches');
    const none = await search('q=zzzyxnotaword');
    assert.deepEqual([none.data.length, none.meta.total], [0, 0]);
  });
});

describe('POST /api/v1/search', () => {
  it('takes the same parameters as a JSON body, lists as arrays, and answers the same', async () => {
    const viaGet = await search('q=airport&any_tags=ppp,biometrics&include_archived=1&limit=50');
    const res = await post({ q: 'airport', any_tags: ['ppp', 'biometrics'], include_archived: true, limit: 50 });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), viaGet);
  });

  it('rejects unknown fields, wrong types and invalid JSON with 400 naming the problem', async () => {
    const unknown = await post({ q: 'x', colour: 'red' });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().error, /"colour": is not a known field/);
    const wrong = await post({ any_tags: 'ppp' });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().error, /"any_tags": must be a list/);
    const notNumber = await post({ limit: '10' });
    assert.equal(notNumber.statusCode, 400);
    assert.match(notNumber.json().error, /"limit": must be an integer/);
    const badYear = await post({ year: 25 });
    assert.equal(badYear.statusCode, 400);
    assert.match(badYear.json().error, /"year": must be >= 1000/);
    const broken = await h.app.inject({
      method: 'POST', url: '/api/v1/search', headers: { ...pro.keyAuth, 'content-type': 'application/json' }, payload: '{"q":',
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json().error, 'The request body is not valid JSON');
  });
});

describe('bad input on GET', () => {
  it('answers 400 naming the parameter for a year that is not four digits, a limit above 100, a bad flag', async () => {
    for (const [query, message] of [
      ['year=25', /"year": must be a four-digit year/],
      ['year=twenty', /"year": must be a four-digit year/],
      ['limit=101', /"limit": must be <= 100/],
      ['page=abc', /"page": must be an integer/],
      ['include_archived=yes', /"include_archived"/],
    ] as const) {
      const res = await h.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: pro.keyAuth });
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, message, query);
    }
  });
});

/**
 * /v1/search, /v1/search/facets, /v1/search/export: every parameter (each returned row satisfies
 * its filter), the archive and exports gates, the trial preview (latest published edition only),
 * and that /v1 and /api/v1 search are one engine (same rows in the same order).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sampleEditions } from '../../src/seed/sample.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, csvRows, getAs, ok, problem } from './helpers.js';

interface Article { id: string; kind: string; headline: string; region_slug: string | null; topics: string[]; tags: string[]; airports: string[]; edition_number: number; publish_date: string }
type Facet = { value: string; label: string; count: number };

let h: Harness;
let trial: TestIdentity, core: TestIdentity, pro: TestIdentity, ent: TestIdentity, admin: TestIdentity, nosub: TestIdentity;
const sample = sampleEditions();
const published = sample.filter((e) => e.status === 'published');
const latest = [...published].sort((a, b) => b.publish_date.localeCompare(a.publish_date))[0]!;

before(async () => {
  h = await startHarness({ sample: true });
  ({ trial, core, pro, ent, admin, nosub } = await callers(h));
});
after(() => h.close());

const search = async (query: string, who: TestIdentity = pro) => (await ok<{ articles: Article[] }>(h, who, `/v1/search?${query}`)).articles;

describe('GET /v1/search', () => {
  it('lists published articles, newest edition first, 50 by default, with limit and offset', async () => {
    const all = await search('limit=200');
    assert.equal(all.length, published.reduce((n, e) => n + e.articles.length, 0));
    assert.ok(all.every((a) => a.kind === 'article' && published.some((e) => e.number === a.edition_number)));
    const dates = all.map((a) => a.publish_date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.deepEqual((await search('limit=5&offset=3')).map((a) => a.id), all.slice(3, 8).map((a) => a.id));
    await problem(h, pro, '/v1/search?limit=201', 422, /^validation failed$/);
  });

  it('runs the /api/v1 engine: the same rows in the same order for the same query', async () => {
    const v1 = await search('q=runway%20OR%20terminal&limit=100');
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/search?q=runway%20OR%20terminal&limit=100', headers: pro.keyAuth });
    assert.deepEqual(v1.map((a) => a.id), (res.json() as { data: { id: string }[] }).data.map((a) => a.id));
    assert.ok(v1.length > 0);
  });

  it('q: quoted phrases and OR', async () => {
    const phrase = await search(`q=${encodeURIComponent('"northern runway"')}`);
    assert.ok(phrase.length > 0 && phrase.every((a) => /northern runway/i.test(JSON.stringify(a))));
    const either = await search(`q=${encodeURIComponent('Gatwick OR Changi')}&limit=200`);
    assert.ok(either.every((a) => /gatwick|changi/i.test(JSON.stringify(a))));
    assert.ok(either.some((a) => /gatwick/i.test(JSON.stringify(a))) && either.some((a) => /changi/i.test(JSON.stringify(a))));
  });

  it('region (slug), terms (ALL match), airport (IATA or id), year, edition', async () => {
    const europe = await search('region=europe&limit=200');
    assert.ok(europe.length > 0 && europe.every((a) => a.region_slug === 'europe'));
    const all = await search('limit=200');
    const withTwo = all.find((a) => a.topics.length >= 2)!;
    const [t1, t2] = withTwo.topics;
    const both = await search(`terms=${t1},${t2}&limit=200`);
    assert.ok(both.some((a) => a.id === withTwo.id));
    assert.ok(both.every((a) => [...a.topics, ...a.tags].includes(t1!) && [...a.topics, ...a.tags].includes(t2!)));
    assert.ok(both.length <= (await search(`terms=${t1}&limit=200`)).length);
    const lhr = await search('airport=LHR&limit=200');
    assert.ok(lhr.length > 0 && lhr.every((a) => a.airports.includes('LHR')));
    const airport = await h.database.db.selectFrom('airports').select('id').where('iata', '=', 'LHR').executeTakeFirstOrThrow();
    assert.deepEqual((await search(`airport=${airport.id}&limit=200`)).map((a) => a.id), lhr.map((a) => a.id));
    const year = Number(latest.publish_date.slice(0, 4));
    assert.ok((await search(`year=${year}&limit=200`)).every((a) => a.publish_date.startsWith(String(year))));
    assert.deepEqual(await search('year=1999'), []);
    const ed = await search(`edition=${latest.number}`);
    assert.equal(ed.length, latest.articles.length);
    assert.ok(ed.every((a) => a.edition_number === latest.number));
    await problem(h, pro, '/v1/search?year=26', 400, /year/);
  });

  it("mine: only articles matching the reader's favourite topics, regions and airports", async () => {
    assert.deepEqual(await search('mine=true'), [], 'no favourites, nothing matches');
    await h.database.db.insertInto('user_interests').values([
      { user_id: pro.userId, kind: 'airport', ref: 'SIN' },
      { user_id: pro.userId, kind: 'region', ref: 'africa' },
    ]).execute();
    const mine = await search('mine=true&limit=200');
    assert.ok(mine.length > 0);
    assert.ok(mine.every((a) => a.airports.includes('SIN') || a.region_slug === 'africa'));
    assert.ok(mine.length < (await search('limit=200')).length);
    assert.equal((await search('mine=false&limit=200')).length, (await search('limit=200')).length);
  });

  it('include_events: event items only when asked', async () => {
    const edition = await h.database.db.selectFrom('editions').select('id').where('number', '=', latest.number).executeTakeFirstOrThrow();
    await h.database.db.insertInto('articles').values({
      edition_id: edition.id, kind: 'event', headline: 'Zanzibar airport forum announced', slug: 'zanzibar-airport-forum', content: 'An event item.', sort_order: 50,
    }).execute();
    assert.deepEqual(await search('q=zanzibar'), []);
    const withEvents = await search('q=zanzibar&include_events=true');
    assert.deepEqual(withEvents.map((a) => a.kind), ['event']);
  });

  it('gates: archive (trial preview: only the latest published edition), 403 without it', async () => {
    const preview = await search('limit=200', trial);
    assert.ok(preview.length > 0 && preview.every((a) => a.edition_number === latest.number));
    assert.deepEqual(await search(`edition=${published.find((e) => e !== latest)!.number}`, trial), []);
    assert.ok((await search('limit=200', core)).length > preview.length);
    assert.ok((await search('limit=200', ent)).length > preview.length);
    assert.ok((await search('limit=200', admin)).length > preview.length);
    await problem(h, nosub, '/v1/search', 403, /subscription/);
    await problem(h, null, '/v1/search', 401);
  });
});

describe('GET /v1/search/facets', () => {
  it('counts regions, countries, topics, tags, airports, years and editions of the matching articles', async () => {
    const f = await ok<Record<string, Facet[]>>(h, pro, '/v1/search/facets');
    assert.deepEqual(Object.keys(f), ['regions', 'countries', 'topics', 'tags', 'airports', 'years', 'editions']);
    const all = await search('limit=200');
    for (const region of f.regions!) assert.equal(region.count, all.filter((a) => a.region_slug === region.value).length, region.value);
    for (const topic of f.topics!.slice(0, 5)) assert.equal(topic.count, all.filter((a) => a.topics.includes(topic.value)).length);
    for (const ap of f.airports!.slice(0, 5)) assert.equal(ap.count, all.filter((a) => a.airports.includes(ap.value)).length);
    assert.equal(f.editions!.reduce((n, e) => n + e.count, 0), all.length);
    const counts = f.topics!.map((t) => t.count);
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a), 'most frequent first');
    // Filters narrow the counts; a facet value works as the parameter.
    const europe = await ok<Record<string, Facet[]>>(h, pro, '/v1/search/facets?region=europe');
    assert.deepEqual(europe.regions!.map((r) => r.value), ['europe']);
    const trialFacets = await ok<Record<string, Facet[]>>(h, trial, '/v1/search/facets');
    assert.deepEqual(trialFacets.editions!.map((e) => e.value), [String(latest.number)]);
    await problem(h, nosub, '/v1/search/facets', 403);
  });
});

describe('GET /v1/search/export', () => {
  it('streams CSV with headline, why_it_matters, topics, source, link; needs archive and exports', async () => {
    const rows = await csvRows(h, pro, '/v1/search/export?region=europe');
    assert.deepEqual(Object.keys(rows[0]!), ['headline', 'why_it_matters', 'topics', 'source', 'link']);
    assert.equal(rows.length, (await search('region=europe&limit=200')).length);
    await problem(h, core, '/v1/search/export', 403, /CSV exports \(feature "exports"\)/);
    await problem(h, trial, '/v1/search/export', 403, /exports/);
    assert.equal((await getAs(h, ent, '/v1/search/export')).statusCode, 200);
    assert.equal((await getAs(h, admin, '/v1/search/export')).statusCode, 200);
  });
});

/**
 * /v1 identity, reference and publication: /v1/me for each kind of caller, /v1/reference with its
 * cache headers, editions, an edition's articles, one article with is_saved, related articles,
 * paging conventions (422 above 200, first value of a repeated parameter) and errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FEATURES } from '../../src/domain/entitlements.js';
import { sampleEditions } from '../../src/seed/sample.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, getAs, ok, problem } from './helpers.js';

interface Edition { id: string; number: number; publish_date: string; status: string; article_count: number }
interface Article { id: string; headline: string; edition_id: string; edition_number: number; topics: string[]; tags: string[]; airports: string[]; country_code: string | null; region_slug: string | null; is_saved: boolean; kind: string }

let h: Harness;
let trial: TestIdentity, pro: TestIdentity, ent: TestIdentity, admin: TestIdentity, nosub: TestIdentity;
const sample = sampleEditions();
const published = sample.filter((e) => e.status === 'published').sort((a, b) => b.publish_date.localeCompare(a.publish_date));

before(async () => {
  h = await startHarness({ sample: true });
  ({ trial, pro, ent, admin, nosub } = await callers(h));
});
after(() => h.close());

describe('GET /v1/me', () => {
  it('reports features, previews and the admin flag for each kind of caller', async () => {
    const t = await ok<{ user_id: string; subscription_id: string | null; is_admin: boolean; features: string[]; previews: string[] }>(h, trial, '/v1/me');
    assert.equal(t.user_id, trial.userId);
    assert.ok(t.subscription_id);
    assert.deepEqual(t.previews, ['archive', 'projects', 'wat']);
    assert.ok(!t.features.includes('archive') && t.features.includes('alerts'));
    const p = await ok<{ features: string[]; previews: string[]; is_admin: boolean }>(h, pro, '/v1/me');
    assert.deepEqual(p.features, ['archive', 'projects', 'alerts', 'api', 'exports', 'ai_assistant']);
    assert.deepEqual(p.previews, []);
    const e = await ok<{ features: string[] }>(h, ent, '/v1/me');
    assert.deepEqual(e.features, [...FEATURES]);
    const a = await ok<{ features: string[]; is_admin: boolean; previews: string[] }>(h, admin, '/v1/me');
    assert.equal(a.is_admin, true);
    assert.deepEqual(a.features, [...FEATURES]);
    const n = await ok<{ features: string[]; subscription_id: string | null }>(h, nosub, '/v1/me');
    assert.deepEqual(n.features, []);
    assert.equal(n.subscription_id, null);
  });

  it('answers 401 problem+json for a missing, malformed or unknown token', async () => {
    await problem(h, null, '/v1/me', 401, /Authorization/);
    const res = await getAs(h, null, '/v1/me', { authorization: 'Bearer not-a-jwt' });
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /^Bearer/);
    assert.equal(res.json().status, 401);
    assert.equal((await getAs(h, null, '/v1/me', { authorization: 'Bearer svc_live_' + 'x'.repeat(43) })).statusCode, 401);
  });
});

describe('GET /v1/reference', () => {
  it('lists the vocabularies with cache headers, and answers 304 to a matching If-None-Match', async () => {
    const res = await getAs(h, pro, '/v1/reference');
    assert.equal(res.statusCode, 200);
    const body = res.json() as { regions: unknown[]; countries: { code: string }[]; project_types: { slug: string }[]; topics: { slug: string }[] };
    assert.equal(body.regions.length, 6);
    assert.ok(body.countries.some((c) => c.code === 'GB'));
    assert.ok(body.project_types.some((t) => t.slug === 'terminal'));
    assert.ok(body.topics.some((t) => t.slug === 'sustainability'));
    assert.match(String(res.headers['cache-control']), /max-age=\d+/);
    const etag = String(res.headers.etag);
    assert.match(etag, /^".+"$/);
    const again = await getAs(h, pro, '/v1/reference', { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('needs a subscription', async () => {
    await problem(h, nosub, '/v1/reference', 403, /no active subscription/);
  });
});

describe('GET /v1/editions', () => {
  it('lists published editions newest first as { editions }, with limit and offset', async () => {
    const { editions } = await ok<{ editions: Edition[] }>(h, trial, '/v1/editions');
    assert.deepEqual(editions.map((e) => e.number), published.map((e) => e.number));
    assert.ok(editions.every((e) => e.status === 'published' && e.article_count === 7));
    const page = await ok<{ editions: Edition[] }>(h, pro, '/v1/editions?limit=1&offset=1');
    assert.deepEqual(page.editions.map((e) => e.number), [published[1]!.number]);
    assert.deepEqual((await ok<{ editions: Edition[] }>(h, pro, '/v1/editions?offset=99')).editions, []);
  });

  it('answers 422 "validation failed" naming limit above 200; a repeated parameter keeps its first value', async () => {
    const body = await problem(h, pro, '/v1/editions?limit=201', 422, /^validation failed$/);
    assert.deepEqual(body.errors, [{ name: 'limit', in: 'query', reason: 'must be <= 200' }]);
    await ok(h, pro, '/v1/editions?limit=200');
    const first = await ok<{ editions: Edition[] }>(h, pro, '/v1/editions?limit=1&limit=500');
    assert.equal(first.editions.length, 1);
    await problem(h, pro, '/v1/editions?limit=500&limit=1', 422);
    await problem(h, pro, '/v1/editions?offset=-1', 400, /offset/);
  });

  it('reads one edition and its articles; drafts only for admins; unknown 404, malformed 400', async () => {
    const { editions } = await ok<{ editions: Edition[] }>(h, pro, '/v1/editions?limit=1');
    const latest = editions[0]!;
    assert.deepEqual(await ok(h, pro, `/v1/editions/${latest.id}`), latest);
    const { articles } = await ok<{ articles: Article[] }>(h, pro, `/v1/editions/${latest.id}/articles`);
    assert.equal(articles.length, 7);
    assert.ok(articles.every((a) => a.edition_id === latest.id && a.edition_number === latest.number && a.is_saved === false));
    assert.equal((await ok<{ articles: Article[] }>(h, pro, `/v1/editions/${latest.id}/articles?limit=2&offset=6`)).articles.length, 1);
    const draft = await h.database.db.selectFrom('editions').select('id').where('status', '=', 'draft').executeTakeFirstOrThrow();
    await problem(h, pro, `/v1/editions/${draft.id}`, 404);
    assert.equal((await ok<Edition>(h, admin, `/v1/editions/${draft.id}`)).status, 'draft');
    await problem(h, pro, '/v1/editions/00000000-0000-4000-8000-000000000000', 404);
    const bad = await problem(h, pro, '/v1/editions/42', 400, /UUID/);
    assert.equal(bad.errors![0]!.in, 'path');
  });

  it('reads one edition by issue number (the web app\'s /editions/{number}); drafts only for admins; unknown 404, malformed 400', async () => {
    const { editions } = await ok<{ editions: Edition[] }>(h, pro, '/v1/editions?limit=1');
    const latest = editions[0]!;
    assert.deepEqual(await ok(h, pro, `/v1/editions/by-number/${latest.number}`), latest);
    const draft = await h.database.db.selectFrom('editions').select(['id', 'number']).where('status', '=', 'draft').executeTakeFirstOrThrow();
    await problem(h, pro, `/v1/editions/by-number/${draft.number}`, 404);
    assert.equal((await ok<Edition>(h, admin, `/v1/editions/by-number/${draft.number}`)).id, draft.id);
    await problem(h, pro, '/v1/editions/by-number/999999', 404);
    await problem(h, pro, '/v1/editions/by-number/abc', 400, /number/);
    await problem(h, pro, '/v1/editions/by-number/0', 400, /number/);
    await problem(h, null, `/v1/editions/by-number/${latest.number}`, 401);
  });
});

describe('GET /v1/articles/{id} and /related', () => {
  it('reads one article with is_saved for the caller', async () => {
    const { articles } = await ok<{ articles: Article[] }>(h, pro, '/v1/search?limit=1');
    const id = articles[0]!.id;
    assert.equal((await ok<Article>(h, pro, `/v1/articles/${id}`)).is_saved, false);
    await h.database.db.insertInto('saved_articles').values({ user_id: pro.userId, article_id: id }).execute();
    assert.equal((await ok<Article>(h, pro, `/v1/articles/${id}`)).is_saved, true);
    assert.equal((await ok<Article>(h, ent, `/v1/articles/${id}`)).is_saved, false, 'saved lists are per user');
    const listed = await ok<{ articles: Article[] }>(h, pro, '/v1/search?limit=200');
    assert.deepEqual(listed.articles.filter((a) => a.is_saved).map((a) => a.id), [id]);
    await problem(h, pro, '/v1/articles/00000000-0000-4000-8000-000000000000', 404);
  });

  it('relates articles that share topics, airports or tags, best first, 4 by default', async () => {
    const { articles } = await ok<{ articles: Article[] }>(h, pro, '/v1/search?limit=200');
    const source = articles.find((a) => a.airports.length > 0)!;
    const related = (await ok<{ articles: Article[] }>(h, pro, `/v1/articles/${source.id}/related`)).articles;
    assert.equal(related.length, 4);
    const score = (a: Article) =>
      3 * a.airports.filter((x) => source.airports.includes(x)).length +
      2 * a.topics.filter((x) => source.topics.includes(x)).length +
      2 * a.tags.filter((x) => source.tags.includes(x)).length +
      (a.country_code && a.country_code === source.country_code ? 1 : 0) +
      (a.region_slug && a.region_slug === source.region_slug ? 1 : 0);
    for (const a of related) {
      assert.notEqual(a.id, source.id);
      assert.ok(a.topics.some((t) => source.topics.includes(t)) || a.tags.some((t) => source.tags.includes(t)) || a.airports.some((x) => source.airports.includes(x)));
    }
    const scores = related.map(score);
    assert.deepEqual(scores, [...scores].sort((x, y) => y - x), 'best first');
    // Nothing unrelated outranks the fourth.
    const candidates = articles.filter((a) => a.id !== source.id).map(score);
    assert.equal(Math.max(...candidates), scores[0]);
    assert.equal((await ok<{ articles: Article[] }>(h, pro, `/v1/articles/${source.id}/related?limit=2`)).articles.length, 2);
    await problem(h, pro, `/v1/articles/${source.id}/related?limit=201`, 422);
  });

  it('gives an article without entity links no related articles: []', async () => {
    const edition = await h.database.db.selectFrom('editions').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();
    const lonely = await h.database.db.insertInto('articles')
      .values({ edition_id: edition.id, headline: 'A note with no links', slug: 'a-note-with-no-links', region_slug: 'europe', country_code: 'GB', sort_order: 99 })
      .returning('id').executeTakeFirstOrThrow();
    assert.deepEqual(await ok(h, pro, `/v1/articles/${lonely.id}/related`), { articles: [] });
  });
});

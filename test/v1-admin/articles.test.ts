/**
 * /v1/admin articles: create, update, delete; and "a write accepts what a read returns" on both
 * editions: an article read on /api/v1 (names) and on /v1 (slugs, codes), PATCHed back unchanged
 * on /api/v1/admin and /v1/admin, answers 200 and changes nothing (no audit entry either).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditCount, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
let editionId: string;
before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true, plan: 'enterprise' });
  reader = await h.identity({ plan: 'enterprise' });
  editionId = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 7001, publish_date: '2026-11-20', status: 'published' })).json().id;
});
after(() => h.close());

/** The stored state of an article as both editions and the link tables see it. */
async function stored(id: string) {
  const v1 = await call(h, admin, 'GET', `/v1/admin/articles/${id}/links`);
  const row = await h.database.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { updated_at: _u, ...rest } = row;
  return { links: v1.json(), row: rest };
}

describe('/v1/admin/articles', () => {
  it('creates an article from names, codes and slugs (201, Location), audited once', async () => {
    const topic = await h.database.db.selectFrom('topics').select(['name', 'slug']).orderBy('slug').executeTakeFirstOrThrow();
    const res = await call(h, admin, 'POST', '/v1/admin/articles', {
      edition_id: editionId, headline: 'Heathrow and Gatwick add capacity', content: 'Both airports expand.',
      airports: ['LHR', 'London Gatwick Airport'], country: 'United Kingdom', topics: [topic.name.toUpperCase()], tags: ['capacity', 'New Tag Here'],
    });
    assert.equal(res.statusCode, 201, res.body);
    const a = res.json();
    assert.equal(res.headers.location, `/v1/admin/articles/${a.id}`);
    assert.deepEqual(a.airports, ['LGW', 'LHR']);
    assert.equal(a.country_code, 'GB');
    assert.ok(a.tags.includes('new-tag-here'));
    assert.deepEqual(a.topics, [topic.slug]);
    assert.equal(await auditCount(h, 'article', a.id), 1);
  });

  it('refuses unknown values naming the field and the value', async () => {
    const base = { edition_id: editionId, headline: 'X' };
    let p = await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { ...base, airports: ['Atlantis Intl'] }), 400, 'airports');
    assert.match(p.detail, /Atlantis Intl/);
    p = await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { ...base, country: 'Narnia' }), 400, 'country');
    assert.match(p.detail, /Narnia/);
    p = await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { ...base, topics: ['no-such-topic'] }), 400, 'topics');
    assert.match(p.detail, /no-such-topic/);
    p = await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { ...base, companies: ['Nobody Ltd'] }), 400, 'companies');
    assert.match(p.detail, /Nobody Ltd/);
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: editionId }), 400, 'headline');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: NOBODY, headline: 'x' }), 400, 'edition_id');
  });

  it('updates and deletes; 404 for unknown ids and for a non-administrator', async () => {
    const a = (await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: editionId, headline: 'To change' })).json();
    const res = await call(h, admin, 'PATCH', `/v1/admin/articles/${a.id}`, { headline: 'Changed', featured: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().headline, 'Changed');
    assert.equal(res.json().slug, 'changed');
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/articles/${a.id}`, { slug: 'other' }), 400, 'slug');
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/articles/${NOBODY}`, { headline: 'x' }), 404);
    for (const [m, u, b] of [['POST', '/v1/admin/articles', { edition_id: editionId, headline: 'no' }], ['PATCH', `/v1/admin/articles/${a.id}`, { headline: 'no' }],
      ['DELETE', `/v1/admin/articles/${a.id}`, undefined]] as const) {
      await expectProblem(await call(h, reader, m, u, b), 404);
    }
    const del = await call(h, admin, 'DELETE', `/v1/admin/articles/${a.id}`);
    assert.equal(del.statusCode, 200, 'DELETE answers 200 with the article as it was');
    assert.equal((del.json() as { id: string }).id, a.id);
    await expectProblem(await call(h, admin, 'DELETE', `/v1/admin/articles/${a.id}`), 404);
    assert.equal(await auditCount(h, 'article', a.id), 3); // create, update, delete
  });
});

describe('a write accepts what a read returns (both editions)', () => {
  it('PATCHes an /api/v1 read and a /v1 read back unchanged: 200, nothing changes, nothing audited', async () => {
    // A sample article with airports, topics, tags, country and companies.
    const withAll = await h.database.db.selectFrom('articles as a')
      .innerJoin('editions as e', 'e.id', 'a.edition_id').where('e.status', '=', 'published')
      .where((eb) => eb.exists(eb.selectFrom('article_airports').whereRef('article_id', '=', 'a.id')))
      .where((eb) => eb.exists(eb.selectFrom('article_companies').whereRef('article_id', '=', 'a.id')))
      .where((eb) => eb.exists(eb.selectFrom('article_tags').whereRef('article_id', '=', 'a.id')))
      .where('a.country_code', 'is not', null).select('a.id').orderBy('a.id').executeTakeFirst()
      ?? await h.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').where('e.status', '=', 'published')
        .where((eb) => eb.exists(eb.selectFrom('article_airports').whereRef('article_id', '=', 'a.id'))).select('a.id').orderBy('a.id').executeTakeFirstOrThrow();
    const id = withAll.id;
    const before = await stored(id);
    const audits = await auditCount(h, 'article', id);

    const apiRead = await h.app.inject({ method: 'GET', url: `/api/v1/articles/${id}`, headers: reader.sessionAuth });
    assert.equal(apiRead.statusCode, 200, apiRead.body);
    const apiArticle = apiRead.json().data;
    assert.ok(apiArticle.airports.length > 0 && apiArticle.airports[0] !== apiArticle.iata_codes[0], 'the /api/v1 read carries airport names');
    for (const url of [`/api/v1/admin/articles/${id}`, `/v1/admin/articles/${id}`]) {
      const res = await call(h, admin, 'PATCH', url, apiArticle);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.deepEqual(await stored(id), before, url);
    }

    const v1Read = await call(h, reader, 'GET', `/v1/articles/${id}`);
    assert.equal(v1Read.statusCode, 200, v1Read.body);
    for (const url of [`/api/v1/admin/articles/${id}`, `/v1/admin/articles/${id}`]) {
      const res = await call(h, admin, 'PATCH', url, v1Read.json());
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.deepEqual(await stored(id), before, url);
    }
    // The /v1/admin record itself goes back too.
    const adminRecord = (await call(h, admin, 'PATCH', `/v1/admin/articles/${id}`, { featured: before.row.featured })).json();
    assert.equal((await call(h, admin, 'PATCH', `/v1/admin/articles/${id}`, adminRecord)).statusCode, 200);
    assert.deepEqual(await stored(id), before);
    assert.equal(await auditCount(h, 'article', id), audits, 'an unchanged write audits nothing');
  });

  it('names a read-only or synonym field that disagrees', async () => {
    const a = (await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: editionId, headline: 'Synonyms', airports: ['LHR'] })).json();
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/articles/${a.id}`, { airports: ['LHR'], iata_codes: ['LGW'] }), 400, 'iata_codes');
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/articles/${a.id}`, { edition_number: 1 }), 400, 'edition_number');
    const ok = await call(h, admin, 'PATCH', `/v1/admin/articles/${a.id}`, { iata_codes: ['LGW'] });
    assert.deepEqual(ok.json().airports, ['LGW']);
  });
});

/**
 * /v1/admin calendar (issue 13): list (past and hidden events included, filters, paging), create,
 * update, delete; dates and places checked (400 naming the field); 404 for unknown ids and for
 * non-administrators; one audit entry per write; readers' /v1/calendar sees the writes.
 * The test clock stands at 2026-11-21 (TEST_NOW).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditOf, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  reader = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

const create = async (body: Record<string, unknown>) => {
  const res = await call(h, admin, 'POST', '/v1/admin/calendar', body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
};
const readerTitles = async (query = '') => {
  const res = await call(h, reader, 'GET', `/v1/calendar?limit=200${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().events.map((e: { title: string }) => e.title) as string[];
};

describe('POST /v1/admin/calendar', () => {
  it('creates an event: 201, Location, the stored record with its place resolved, audited once; readers see it', async () => {
    const res = await call(h, admin, 'POST', '/v1/admin/calendar', {
      title: 'Cal Expo Frankfurt', starts_on: '2027-03-16', ends_on: '2027-03-18', city: 'Frankfurt', country: 'Germany', venue: 'Messe', url: 'https://example.com/expo',
    });
    assert.equal(res.statusCode, 201, res.body);
    const ev = res.json();
    assert.equal(res.headers.location, `/v1/admin/calendar/${ev.id}`);
    assert.equal(ev.starts_on, '2027-03-16');
    assert.equal(ev.ends_on, '2027-03-18');
    assert.equal(ev.country_code, 'DE');
    assert.equal(ev.region_slug, 'europe');
    assert.equal(ev.region, 'Europe');
    assert.equal(ev.origin, 'curated');
    assert.equal(ev.published, true);
    const audit = await auditOf(h, 'calendar_event', ev.id);
    assert.deepEqual(audit.map((a) => a.action), ['create']);
    assert.equal(audit[0]!.actor_user_id, admin.userId);
    assert.ok((await readerTitles()).includes('Cal Expo Frankfurt'));
  });

  it('answers 400 naming the field: missing title, bad date, end before start, unknown country, region not the country\u2019s, city without country', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ starts_on: '2027-01-01' }, 'title'],
      [{ title: 'x', starts_on: '2027-13-45' }, 'starts_on'],
      [{ title: 'x', starts_on: '2027-01-10', ends_on: '2027-01-09' }, 'ends_on'],
      [{ title: 'x', starts_on: '2027-01-10', country: 'Atlantis' }, 'country'],
      [{ title: 'x', starts_on: '2027-01-10', country: 'DE', region: 'asia-pacific' }, 'region'],
      [{ title: 'x', starts_on: '2027-01-10', city: 'Paris' }, 'country'],
      [{ title: 'x', starts_on: '2027-01-10', article_id: NOBODY }, 'article_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(h, admin, 'POST', '/v1/admin/calendar', body);
      const problem = await expectProblem(res, 400);
      const named = (problem.errors ?? []).some((e: { name: string }) => e.name.includes(field)) || problem.detail.includes(field);
      assert.ok(named, `${JSON.stringify(body)} names ${field}: ${res.body}`);
    }
    const stored = await h.database.db.selectFrom('calendar_events').select('id').where('title', '=', 'x').execute();
    assert.equal(stored.length, 0);
  });
});

describe('GET /v1/admin/calendar', () => {
  it('lists past and hidden events too, filters by q, from/to, country, published; pages with limit/offset', async () => {
    await create({ title: 'Cal Past Summit', starts_on: '2025-05-01', ends_on: '2025-05-02', city: 'Lyon', country: 'FR' });
    await create({ title: 'Cal Hidden Forum', starts_on: '2027-06-01', country: 'GB', published: false });
    await create({ title: 'Cal Future Forum', starts_on: '2027-06-02', country: 'FR', organiser: 'Forum Org' });

    const all = await call(h, admin, 'GET', '/v1/admin/calendar?q=Cal%20&limit=200');
    assert.equal(all.statusCode, 200, all.body);
    const titles = all.json().events.map((e: { title: string }) => e.title);
    for (const t of ['Cal Past Summit', 'Cal Hidden Forum', 'Cal Future Forum']) assert.ok(titles.includes(t), t);
    // Readers see neither the past nor the hidden event.
    const readers = await readerTitles();
    assert.ok(!readers.includes('Cal Past Summit') && !readers.includes('Cal Hidden Forum') && readers.includes('Cal Future Forum'));

    const list = async (query: string) => {
      const res = await call(h, admin, 'GET', `/v1/admin/calendar?${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().events.map((e: { title: string }) => e.title) as string[];
    };
    assert.deepEqual(await list('q=Cal%20&to=2026-01-01'), ['Cal Past Summit']);
    assert.deepEqual(await list('q=Cal%20&from=2027-06-01&to=2027-06-01'), ['Cal Hidden Forum']);
    assert.deepEqual(await list('q=Cal%20&country=fr&from=2026-01-01'), ['Cal Future Forum']);
    assert.deepEqual(await list('q=forum%20org'), ['Cal Future Forum']);
    assert.deepEqual(await list('q=Cal%20&published=false'), ['Cal Hidden Forum']);
    assert.deepEqual(await list('q=lyon'), ['Cal Past Summit']);

    const page = await call(h, admin, 'GET', '/v1/admin/calendar?q=Cal%20&limit=1&offset=1');
    assert.equal(page.json().events.length, 1);
    assert.equal(page.json().events[0].title, titles[1]);
  });

  it('answers 400 naming the parameter for a bad date, `to` before `from`, a bad country; 422 naming limit outside 1-200 (docs/v1.md)', async () => {
    for (const [query, field, status] of [['from=yesterday', 'from', 400], ['from=2027-01-02&to=2027-01-01', 'to', 400], ['country=Germany', 'country', 400], ['published=maybe', 'published', 400], ['limit=0', 'limit', 422]] as const) {
      const problem = await expectProblem(await call(h, admin, 'GET', `/v1/admin/calendar?${query}`), status);
      const named = (problem.errors ?? []).some((e: { name: string }) => e.name.includes(field)) || problem.detail.includes(field);
      assert.ok(named, `${query} names ${field}: ${JSON.stringify(problem)}`);
    }
  });
});

describe('PATCH and DELETE /v1/admin/calendar/{id}', () => {
  it('updates the fields sent, past events too; checks the merged dates; audits each change once; readers see the change', async () => {
    const ev = await create({ title: 'Cal Patch Me', starts_on: '2027-02-10', ends_on: '2027-02-12', city: 'Berlin', country: 'DE' });
    let res = await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, { title: 'Cal Patched', country: 'FR', city: 'Paris' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().title, 'Cal Patched');
    assert.equal(res.json().country_code, 'FR');
    assert.equal(res.json().city, 'Paris');
    assert.equal(res.json().starts_on, '2027-02-10');
    assert.ok((await readerTitles()).includes('Cal Patched'));

    // A start after the stored end is refused on the merged event, naming ends_on; nothing changes.
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, { starts_on: '2027-02-20' }), 400, undefined, /ends_on/);
    // Removing the country of an event with a city is refused, naming country.
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, { country: null }), 400, undefined, /country/);
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, {}), 400);
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, { nonsense: 1 }), 400);

    res = await call(h, admin, 'PATCH', `/v1/admin/calendar/${ev.id}`, { starts_on: '2027-02-20', ends_on: null, published: false });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().ends_on, null);
    assert.equal(res.json().published, false);
    assert.ok(!(await readerTitles()).includes('Cal Patched'));

    const past = await create({ title: 'Cal Old One', starts_on: '2024-04-04' });
    res = await call(h, admin, 'PATCH', `/v1/admin/calendar/${past.id}`, { venue: 'Hall 3' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().venue, 'Hall 3');

    const audit = await auditOf(h, 'calendar_event', ev.id);
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update', 'update']);
  });

  it('deletes an event, answers it as it was, audits once; readers no longer see it; a second delete is 404', async () => {
    const ev = await create({ title: 'Cal Delete Me', starts_on: '2027-04-01' });
    assert.ok((await readerTitles()).includes('Cal Delete Me'));
    const res = await call(h, admin, 'DELETE', `/v1/admin/calendar/${ev.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().title, 'Cal Delete Me');
    assert.ok(!(await readerTitles()).includes('Cal Delete Me'));
    await expectProblem(await call(h, admin, 'DELETE', `/v1/admin/calendar/${ev.id}`), 404);
    assert.deepEqual((await auditOf(h, 'calendar_event', ev.id)).map((a) => a.action), ['create', 'delete']);
  });

  it('answers 404 problem+json for unknown ids, 400 for a malformed id', async () => {
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/calendar/${NOBODY}`, { title: 'y' }), 404);
    await expectProblem(await call(h, admin, 'DELETE', `/v1/admin/calendar/${NOBODY}`), 404);
    await expectProblem(await call(h, admin, 'PATCH', '/v1/admin/calendar/not-a-uuid', { title: 'y' }), 400);
  });

  it('answers 415 problem+json to a body that is not JSON and 413 to one too large, never a 5xx', async () => {
    for (const [method, url] of [['POST', '/v1/admin/calendar'], ['PATCH', `/v1/admin/calendar/${NOBODY}`]] as const) {
      const form = await h.app.inject({ method, url, headers: { ...admin.keyAuth, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'x=1' });
      await expectProblem(form, 415);
      const big = await h.app.inject({ method, url, headers: { ...admin.keyAuth, 'content-type': 'application/json' }, payload: JSON.stringify({ title: 'a'.repeat(3_000_000), starts_on: '2027-01-01' }) });
      await expectProblem(big, 413);
    }
  });
});

describe('non-administrators', () => {
  it('get 404 problem+json on every calendar operation, and nothing changes', async () => {
    const ev = await create({ title: 'Cal Guarded', starts_on: '2027-05-05' });
    for (const [method, url, body] of [
      ['GET', '/v1/admin/calendar', undefined], ['POST', '/v1/admin/calendar', { title: 'Cal Intruder', starts_on: '2027-01-01' }],
      ['PATCH', `/v1/admin/calendar/${ev.id}`, { title: 'Cal Hacked' }], ['DELETE', `/v1/admin/calendar/${ev.id}`, undefined],
    ] as const) {
      await expectProblem(await call(h, reader, method, url, body), 404);
    }
    const stored = await h.database.db.selectFrom('calendar_events').select('title').where('id', '=', ev.id).executeTakeFirstOrThrow();
    assert.equal(stored.title, 'Cal Guarded');
    assert.equal((await auditOf(h, 'calendar_event', ev.id)).length, 1);
    const intruder = await h.database.db.selectFrom('calendar_events').select('id').where('title', '=', 'Cal Intruder').execute();
    assert.equal(intruder.length, 0);
  });
});

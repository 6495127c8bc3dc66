/**
 * /v1/admin editorial inbox (issue 13): list (highest score first, filters status, source, date),
 * approve, skip, reopen, bulk skip (ids or a filter), promote to a draft article (never published);
 * one audit entry per write; 404 to non-administrators.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditOf, call, fieldsOf } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;
let sourceId: string;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
  sourceId = (await h.database.db.insertInto('news_sources').values({ name: 'Airport World', feed_url: 'https://example.com/feed.xml' }).returning('id').executeTakeFirstOrThrow()).id;
});
after(() => h.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let n = 0;
/** Inserts an item (as the intake would) and returns its id. */
async function item(fields: { score?: number; status?: string; source?: 'world' | 'other'; published?: string; title?: string; entities?: object } = {}): Promise<string> {
  const row = await h.database.db.insertInto('inbox_items').values({
    source_id: fields.source === 'other' ? null : sourceId,
    source_name: fields.source === 'other' ? 'Other Wire' : 'Airport World',
    url: `https://example.com/story-${n++}`,
    title: fields.title ?? `Story ${n}`,
    excerpt: 'What happened.',
    published_at: fields.published ? new Date(fields.published) : null,
    score: fields.score ?? 0,
    status: fields.status ?? 'pending',
    detected_entities: JSON.stringify(fields.entities ?? {}),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((i) => i.id);

describe('GET /v1/admin/inbox', () => {
  it('lists highest score first and filters by status, source and date', async () => {
    await h.database.db.deleteFrom('inbox_items').execute();
    const low = await item({ score: 10, published: '2026-11-01T10:00:00Z' });
    const high = await item({ score: 90, published: '2026-11-10T10:00:00Z' });
    const mid = await item({ score: 50, source: 'other', published: '2026-11-15T23:30:00Z' });
    const done = await item({ score: 95, status: 'skipped', published: '2026-11-20T10:00:00Z' });
    const all = await call(h, admin, 'GET', '/v1/admin/inbox');
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual(ids(all), [done, high, mid, low]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?status=pending')), [high, mid, low]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?source=other%20wire')), [mid]);
    assert.deepEqual(ids(await call(h, admin, 'GET', `/v1/admin/inbox?source=${sourceId}&status=pending`)), [high, low]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?date_from=2026-11-10&date_to=2026-11-15')), [high, mid]);
    const page = await call(h, admin, 'GET', '/v1/admin/inbox?limit=2&offset=1');
    assert.deepEqual(ids(page), [high, mid]);
    assert.match(String(page.headers.link), /rel="next"/);
  });

  it('filters by pre-screen score, inclusive at both ends, and pages the filtered list', async () => {
    await h.database.db.deleteFrom('inbox_items').execute();
    const zero = await item({ score: 0 });
    const low = await item({ score: 10 });
    const mid = await item({ score: 50 });
    const high = await item({ score: 90 });
    const top = await item({ score: 100, status: 'approved' });
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?min_score=50')), [top, high, mid]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?max_score=10')), [low, zero]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?min_score=10&max_score=90&status=pending')), [high, mid, low]);
    assert.deepEqual(ids(await call(h, admin, 'GET', '/v1/admin/inbox?min_score=50&max_score=50')), [mid]);
    // The filter is the database's, so a window of the filtered list has a next window only when more match.
    const first = await call(h, admin, 'GET', '/v1/admin/inbox?min_score=50&limit=2');
    assert.deepEqual(ids(first), [top, high]);
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
    assert.ok(next && next.includes('min_score=50') && next.includes('offset=2'), String(first.headers.link));
    const second = await call(h, admin, 'GET', next.replace(/^https?:\/\/[^/]+/, ''));
    assert.deepEqual(ids(second), [mid]);
    assert.equal(/rel="next"/.test(String(second.headers.link ?? '')), false, 'the last window of the filtered list');
  });

  it('answers 400 naming the field for a bad filter, 422 for limit above 200', async () => {
    const bad = await call(h, admin, 'GET', '/v1/admin/inbox?status=archived');
    assert.equal(bad.statusCode, 400);
    assert.ok(fieldsOf(bad.json()).includes('status'), bad.body);
    const range = await call(h, admin, 'GET', '/v1/admin/inbox?date_from=2026-11-10&date_to=2026-11-01');
    assert.equal(range.statusCode, 400);
    assert.match(range.json().detail, /date_to/);
    const date = await call(h, admin, 'GET', '/v1/admin/inbox?date_from=yesterday');
    assert.equal(date.statusCode, 400);
    assert.ok(fieldsOf(date.json()).includes('date_from'), date.body);
    const scores = await call(h, admin, 'GET', '/v1/admin/inbox?min_score=60&max_score=40');
    assert.equal(scores.statusCode, 400);
    assert.match(scores.json().detail, /max_score/);
    for (const q of ['min_score=101', 'max_score=-1', 'min_score=high', 'min_score=2.5']) {
      const res = await call(h, admin, 'GET', `/v1/admin/inbox?${q}`);
      assert.equal(res.statusCode, 400, `${q}: ${res.body}`);
      assert.ok(fieldsOf(res.json()).includes(q.split('=')[0]!), res.body);
    }
    assert.equal((await call(h, admin, 'GET', '/v1/admin/inbox?limit=201')).statusCode, 422);
  });
});

describe('approve, skip, reopen', () => {
  it('moves an item through the state machine, auditing each change once', async () => {
    const id = await item({ score: 40 });
    let res = await call(h, admin, 'POST', `/v1/admin/inbox/${id}/approve`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'approved');
    assert.equal(res.json().decided_by, admin.userId);
    res = await call(h, admin, 'POST', `/v1/admin/inbox/${id}/skip`);
    assert.equal(res.json().status, 'skipped');
    assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/${id}/approve`)).statusCode, 409);
    res = await call(h, admin, 'POST', `/v1/admin/inbox/${id}/reopen`);
    assert.equal(res.json().status, 'pending');
    const audit = await auditOf(h, 'inbox_item', id);
    assert.deepEqual(audit.map((a) => [a.action, (a.after as { status: string }).status]), [['status', 'approved'], ['status', 'skipped'], ['status', 'pending']]);
  });

  it('answers 404 for an unknown item, 400 for a malformed id', async () => {
    for (const verb of ['approve', 'skip', 'reopen']) {
      assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/${UNKNOWN}/${verb}`)).statusCode, 404);
      assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/nope/${verb}`)).statusCode, 400);
    }
  });
});

describe('POST /v1/admin/inbox/bulk-skip', () => {
  it('skips named ids, counting the ones that cannot move; one audit entry per item skipped', async () => {
    const a = await item();
    const b = await item({ status: 'approved' });
    const c = await item({ status: 'skipped' });
    const res = await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { ids: [a, b, c] });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().skipped, 2);
    assert.equal(res.json().unchanged, 1);
    assert.deepEqual([...res.json().ids].sort(), [a, b].sort());
    for (const id of [a, b]) assert.equal((await auditOf(h, 'inbox_item', id)).length, 1);
    assert.equal((await auditOf(h, 'inbox_item', c)).length, 0);
  });

  it('skips every pending or approved item a filter matches', async () => {
    await h.database.db.deleteFrom('inbox_items').execute();
    const old1 = await item({ published: '2026-10-01T10:00:00Z' });
    const old2 = await item({ published: '2026-10-02T10:00:00Z', status: 'approved' });
    const fresh = await item({ published: '2026-11-20T10:00:00Z' });
    const otherSource = await item({ published: '2026-10-01T10:00:00Z', source: 'other' });
    const res = await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { filter: { source: 'Airport World', date_to: '2026-10-31' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().skipped, 2);
    const rows = await h.database.db.selectFrom('inbox_items').select(['id', 'status']).execute();
    const status = new Map(rows.map((r) => [r.id, r.status]));
    assert.deepEqual([status.get(old1), status.get(old2), status.get(fresh), status.get(otherSource)], ['skipped', 'skipped', 'pending', 'pending']);
  });

  it('skips the weak candidates by score: a filter with max_score', async () => {
    await h.database.db.deleteFrom('inbox_items').execute();
    const weak = await item({ score: 5 });
    const edge = await item({ score: 20, status: 'approved' });
    const strong = await item({ score: 21 });
    const promoted = await item({ score: 3, status: 'promoted' });
    const res = await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { filter: { max_score: 20 } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().skipped, 2);
    assert.deepEqual([...res.json().ids].sort(), [weak, edge].sort());
    const rows = await h.database.db.selectFrom('inbox_items').select(['id', 'status']).execute();
    const status = new Map(rows.map((r) => [r.id, r.status]));
    assert.deepEqual([status.get(weak), status.get(edge), status.get(strong), status.get(promoted)], ['skipped', 'skipped', 'pending', 'promoted']);
    const bad = await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { filter: { min_score: 30, max_score: 10 } });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /max_score/);
    assert.equal((await h.database.db.selectFrom('inbox_items').select('id').where('status', '=', 'skipped').execute()).length, 2, 'a refused filter skips nothing');
  });

  it('refuses an unknown id (naming ids, nothing skipped), both ids and filter, and neither', async () => {
    const a = await item();
    const res = await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { ids: [a, UNKNOWN] });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().detail, /ids/);
    assert.equal((await h.database.db.selectFrom('inbox_items').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status, 'pending');
    assert.equal((await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { ids: [a], filter: { status: 'pending' } })).statusCode, 400);
    assert.equal((await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', {})).statusCode, 400);
    assert.equal((await call(h, admin, 'POST', '/v1/admin/inbox/bulk-skip', { filter: {} })).statusCode, 400);
  });
});

describe('POST /v1/admin/inbox/{id}/promote', () => {
  it('creates an unpublished article on a draft edition (201, Location), audited; a second promote is 409', async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const id = await item({ title: 'Heathrow files runway plans', entities: { topics: ['runways'], airports: ['LHR'] } });
    const res = await call(h, admin, 'POST', `/v1/admin/inbox/${id}/promote`, { edition_id: edition.id });
    assert.equal(res.statusCode, 201, res.body);
    const { item: promoted, article } = res.json();
    assert.equal(res.headers.location, `/v1/admin/articles/${article.id}`);
    assert.equal((await call(h, admin, 'GET', String(res.headers.location))).statusCode, 200, 'Location reads the article');
    assert.equal(promoted.status, 'promoted');
    assert.equal(article.headline, 'Heathrow files runway plans');
    const stored = await h.database.db.selectFrom('editions').select('status').where('id', '=', edition.id).executeTakeFirstOrThrow();
    assert.equal(stored.status, 'draft');
    assert.deepEqual((await auditOf(h, 'inbox_item', id)).map((a) => a.action), ['promote']);
    assert.deepEqual((await auditOf(h, 'article', article.id)).map((a) => a.action), ['create']);
    assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/${id}/promote`, { edition_id: edition.id })).statusCode, 409);
  });

  it('refuses a published edition (409), an unknown edition (400 naming it), an unknown item (404)', async () => {
    const published = await makeEdition(h);
    const id = await item();
    assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/${id}/promote`, { edition_id: published.id })).statusCode, 409);
    const unknownEdition = await call(h, admin, 'POST', `/v1/admin/inbox/${id}/promote`, { edition_number: 999999 });
    assert.equal(unknownEdition.statusCode, 400);
    assert.match(unknownEdition.json().detail, /edition_number/);
    assert.equal((await call(h, admin, 'POST', `/v1/admin/inbox/${UNKNOWN}/promote`, { edition_id: published.id })).statusCode, 404);
  });
});

describe('non-administrators', () => {
  it('get 404 problem+json on every inbox operation, and nothing changes', async () => {
    const id = await item();
    for (const [method, url, body] of [
      ['GET', '/v1/admin/inbox', undefined], ['POST', `/v1/admin/inbox/${id}/approve`, undefined], ['POST', `/v1/admin/inbox/${id}/skip`, undefined],
      ['POST', `/v1/admin/inbox/${id}/reopen`, undefined], ['POST', '/v1/admin/inbox/bulk-skip', { ids: [id] }], ['POST', `/v1/admin/inbox/${id}/promote`, { edition_number: 1 }],
    ] as const) {
      const res = await call(h, pro, method, url, body);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.match(res.headers['content-type'] as string, /problem\+json/);
    }
    assert.equal((await auditOf(h, 'inbox_item', id)).length, 0);
  });
});

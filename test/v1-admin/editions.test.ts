/** /v1/admin editions: create, update, delete, publish (the domain operations of /api/v1/admin). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { makeArticle } from '../helpers/factories.js';
import { auditCount, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

describe('/v1/admin/editions', () => {
  it('creates a draft (201, Location, the stored record), audited once', async () => {
    const res = await call(h, admin, 'POST', '/v1/admin/editions', { number: 901, publish_date: '2026-11-20', summary: 'S', key_metrics: [{ label: 'Pax', value: '80m' }] });
    assert.equal(res.statusCode, 201, res.body);
    const e = res.json();
    assert.equal(res.headers.location, `/v1/admin/editions/${e.id}`);
    assert.equal(e.status, 'draft');
    assert.deepEqual(e.key_metrics, [{ label: 'Pax', value: '80m' }]);
    assert.equal(await auditCount(h, 'edition', e.id), 1);
  });

  it('refuses bad input naming the field, and a taken number with 409', async () => {
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions', { number: 902 }), 400, 'publish_date');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions', { number: 902, publish_date: '2026-11-20', colour: 'red' }), 400, 'colour');
    await expectProblem(await call(h, admin, 'POST', '/v1/admin/editions', { number: 901, publish_date: '2026-11-20' }), 409);
  });

  it('updates, publishes (idempotent, audited once) and deletes with its articles', async () => {
    const e = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 903, publish_date: '2026-11-21' })).json();
    const art = await makeArticle(h, { edition_id: e.id });
    const patched = await call(h, admin, 'PATCH', `/v1/admin/editions/${e.id}`, { summary: 'New summary' });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.json().summary, 'New summary');
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/editions/${e.id}`, { status: 'gone' }), 400, 'status');
    const p1 = await call(h, admin, 'POST', `/v1/admin/editions/${e.id}/publish`);
    assert.equal(p1.statusCode, 200, p1.body);
    assert.equal(p1.json().status, 'published');
    assert.equal(p1.json().article_count, 1);
    const p2 = await call(h, admin, 'POST', `/v1/admin/editions/${e.id}/publish`);
    assert.equal(p2.statusCode, 200);
    assert.equal(await auditCount(h, 'edition', e.id), 3); // create, update, publish
    const del = await call(h, admin, 'DELETE', `/v1/admin/editions/${e.id}`);
    assert.equal(del.statusCode, 200, 'DELETE answers 200 with the edition as it was');
    assert.deepEqual((({ id, summary, status }) => ({ id, summary, status }))(del.json() as { id: string; summary: string; status: string }), { id: e.id, summary: 'New summary', status: 'published' });
    assert.equal(await auditCount(h, 'edition', e.id), 4);
    assert.equal(await h.database.db.selectFrom('articles').select('id').where('id', '=', art.id).executeTakeFirst(), undefined);
    await expectProblem(await call(h, admin, 'DELETE', `/v1/admin/editions/${e.id}`), 404);
  });

  it('answers 404 for unknown ids and for a non-administrator', async () => {
    await expectProblem(await call(h, admin, 'PATCH', `/v1/admin/editions/${NOBODY}`, { summary: 'x' }), 404);
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/editions/${NOBODY}/publish`), 404);
    for (const [m, u, b] of [['POST', '/v1/admin/editions', { number: 909, publish_date: '2026-11-20' }], ['PATCH', `/v1/admin/editions/${NOBODY}`, { summary: 'x' }],
      ['DELETE', `/v1/admin/editions/${NOBODY}`, undefined], ['POST', `/v1/admin/editions/${NOBODY}/publish`, undefined]] as const) {
      await expectProblem(await call(h, pro, m, u, b), 404);
    }
    assert.equal(await h.database.db.selectFrom('editions').select('id').where('number', '=', 909).executeTakeFirst(), undefined);
  });

  it('lists every status, drafts included, newest first; status filters; limit/offset with Link; 404 to others', async () => {
    const draft = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 921, publish_date: '2026-11-22' })).json();
    const published = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 922, publish_date: '2026-11-23', status: 'published' })).json();
    const all = await call(h, admin, 'GET', '/v1/admin/editions?limit=200');
    assert.equal(all.statusCode, 200, all.body);
    const numbers = (all.json().editions as { number: number }[]).map((e) => e.number);
    assert.ok(numbers.indexOf(922) < numbers.indexOf(921), `newest first: ${numbers.join(',')}`);
    const drafts = (await call(h, admin, 'GET', '/v1/admin/editions?status=draft&limit=200')).json().editions as { id: string; status: string }[];
    assert.ok(drafts.some((e) => e.id === draft.id));
    assert.ok(drafts.every((e) => e.status === 'draft'));
    assert.ok(!drafts.some((e) => e.id === published.id));
    const first = await call(h, admin, 'GET', '/v1/admin/editions?limit=1');
    assert.equal(first.json().editions.length, 1);
    assert.match(String(first.headers.link), /offset=1/);
    await expectProblem(await call(h, admin, 'GET', '/v1/admin/editions?status=lost'), 400, 'status');
    await expectProblem(await call(h, pro, 'GET', '/v1/admin/editions'), 404);
  });
});

/**
 * `PUT /v1/admin/editions/{id}/article-order`: an edition's articles reordered in one write (the
 * desk's reorder). The whole order lands or none of it; a list that is not the edition's articles
 * (one added or removed meanwhile, one of another edition, one missing) is refused with 409 and
 * writes nothing; two orders saved at once never interleave; the same order again changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditCount, auditOf, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  reader = await h.identity({ plan: 'enterprise' });
});
after(async () => { await h?.close(); });

let number = 93100;
/** A draft edition with `n` articles, in creation order; returns its id, its version and the articles' ids. */
async function editionWith(n: number): Promise<{ id: string; version: string; ids: string[] }> {
  const edition = await call(h, admin, 'POST', '/v1/admin/editions', { number: number++, publish_date: '2027-02-04' });
  assert.equal(edition.statusCode, 201, edition.body);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const art = await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: edition.json().id, headline: `Order story ${number} ${i}` });
    assert.equal(art.statusCode, 201, art.body);
    ids.push(art.json().id);
  }
  return { id: edition.json().id, version: edition.json().version, ids };
}

/** The stored rows of the edition's articles, in edition order. */
const stored = (editionId: string) => h.database.db.selectFrom('articles').select(['id', 'sort_order', 'updated_at'])
  .where('edition_id', '=', editionId).orderBy('sort_order').orderBy('id').execute();
const put = (editionId: string, body: unknown, who = admin) => call(h, who, 'PUT', `/v1/admin/editions/${editionId}/article-order`, body);

describe('PUT /v1/admin/editions/{id}/article-order', () => {
  it('saves the whole order in one write: sort_order is the 0-based position, the list reads it back, one audit entry', async () => {
    const e = await editionWith(4);
    const wanted = [e.ids[3]!, e.ids[1]!, e.ids[0]!, e.ids[2]!];
    const was = new Map((await stored(e.id)).map((r) => [r.id, r.sort_order]));
    assert.deepEqual([...was.values()], [1, 2, 3, 4], 'created last in turn, from 1');
    await h.clock.advance(60_000);
    const res = await put(e.id, { article_ids: wanted });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { edition_id: e.id, article_ids: wanted });
    const rows = await stored(e.id);
    assert.deepEqual(rows.map((r) => [r.id, r.sort_order]), wanted.map((id, i) => [id, i]));
    const stamped = rows.filter((r) => new Date(r.updated_at).getTime() === h.clock.now().getTime()).map((r) => r.id);
    // 4→0, 2→1, 1→2 moved; the fourth story stays at 3 and is not written.
    assert.deepEqual(stamped.sort(), wanted.filter((id, i) => was.get(id) !== i).sort(), 'the moved articles carry the clock\'s time');
    assert.equal(stamped.length, 3);
    const list = await call(h, admin, 'GET', `/v1/editions/${e.id}/articles?limit=200`);
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(list.json().articles.map((a: { id: string }) => a.id), wanted);
    const audit = await auditOf(h, 'edition', e.id);
    const entry = audit.at(-1)!;
    assert.equal(entry.action, 'update');
    assert.equal(entry.actor_user_id, admin.userId);
    assert.deepEqual(entry.before, { article_order: e.ids });
    assert.deepEqual(entry.after, { article_order: wanted });
    // Its articles are not the edition's fields: the edition's version does not move (decision 0050).
    assert.equal((await call(h, admin, 'GET', `/v1/admin/editions/${e.id}`)).json().version, e.version);
  });

  it('saving the stored order again writes nothing and audits nothing', async () => {
    const e = await editionWith(3);
    const wanted = [e.ids[2]!, e.ids[0]!, e.ids[1]!];
    assert.equal((await put(e.id, { article_ids: wanted })).statusCode, 200);
    const rows = await stored(e.id);
    const audits = await auditCount(h, 'edition', e.id);
    await h.clock.advance(60_000);
    const again = await put(e.id, { article_ids: wanted });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(again.json().article_ids, wanted);
    assert.deepEqual(await stored(e.id), rows, 'no row was written (updated_at unchanged)');
    assert.equal(await auditCount(h, 'edition', e.id), audits);
  });

  it('a list that is not the edition\'s articles is refused with 409 naming what differs, and nothing is written', async () => {
    const e = await editionWith(3);
    const other = await editionWith(1);
    const rows = await stored(e.id);
    const audits = await auditCount(h, 'edition', e.id);
    const missing = await expectProblem(await put(e.id, { article_ids: [e.ids[2]!, e.ids[1]!] }), 409);
    assert.match(missing.detail, new RegExp(`missing: ${e.ids[0]}`));
    const foreign = await expectProblem(await put(e.id, { article_ids: [e.ids[2]!, e.ids[1]!, e.ids[0]!, other.ids[0]!] }), 409);
    assert.match(foreign.detail, new RegExp(`not in this edition: ${other.ids[0]}`));
    await expectProblem(await put(e.id, { article_ids: [e.ids[2]!, e.ids[1]!, NOBODY] }), 409, undefined, /missing: .*not in this edition/);
    // An article added since the list was read: the old list no longer matches.
    const added = await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: e.id, headline: 'Order story added meanwhile' });
    assert.equal(added.statusCode, 201, added.body);
    await expectProblem(await put(e.id, { article_ids: [e.ids[2]!, e.ids[1]!, e.ids[0]!] }), 409, undefined, /each of the edition's 4 articles/);
    const now = await stored(e.id);
    assert.deepEqual(now.filter((r) => r.id !== added.json().id), rows, 'the three stories kept their order and rows');
    assert.equal(await auditCount(h, 'edition', e.id), audits);
    assert.deepEqual((await stored(other.id)).map((r) => r.id), other.ids);
  });

  it('refuses bad input with 400 naming the field, an unknown edition with 404, a non-administrator with 404', async () => {
    const e = await editionWith(2);
    const rows = await stored(e.id);
    await expectProblem(await put(e.id, { article_ids: [e.ids[0]!, e.ids[0]!, e.ids[1]!] }), 400, 'article_ids');
    await expectProblem(await put(e.id, { article_ids: ['not-a-uuid', e.ids[1]!] }), 400);
    await expectProblem(await put(e.id, { article_ids: [e.ids[1]!, e.ids[0]!], extra: true }), 400, 'extra');
    await expectProblem(await put(e.id, {}), 400, 'article_ids');
    await expectProblem(await put(NOBODY, { article_ids: [] }), 404);
    await expectProblem(await put(e.id, { article_ids: [e.ids[1]!, e.ids[0]!] }, reader), 404);
    assert.deepEqual(await stored(e.id), rows);
  });

  it('an empty edition takes the empty order', async () => {
    const e = await editionWith(0);
    const res = await put(e.id, { article_ids: [] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { edition_id: e.id, article_ids: [] });
  });

  it('two orders saved at once never interleave: the stored order is one of them, whole', async () => {
    const e = await editionWith(6);
    const forward = [...e.ids];
    const backward = [...e.ids].reverse();
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([put(e.id, { article_ids: round % 2 ? forward : backward }), put(e.id, { article_ids: round % 2 ? backward : forward })]);
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(b.statusCode, 200, b.body);
      const order = (await stored(e.id)).map((r) => r.id);
      assert.ok(JSON.stringify(order) === JSON.stringify(forward) || JSON.stringify(order) === JSON.stringify(backward), `round ${round}: ${order.join(',')}`);
      assert.deepEqual((await stored(e.id)).map((r) => r.sort_order), [0, 1, 2, 3, 4, 5]);
    }
  });
});

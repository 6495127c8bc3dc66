/**
 * `Link` headers (RFC 8288) on the lists of both editions: first, middle and last page, the other
 * query parameters kept and encoded, and each link followed to the page it names. /v1 bodies keep
 * their seed shape (a named array, no metadata).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { makeArticle, makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
let editionId: string;
const WORD = 'Zanzibarine';

/** `Link` as `{ rel: url }`. */
function links(res: LightMyRequestResponse): Record<string, string> {
  const header = res.headers.link;
  if (header === undefined) return {};
  const out: Record<string, string> = {};
  for (const part of String(header).split(/,\s*(?=<)/)) {
    const m = /^<([^>]*)>;\s*rel="(\w+)"$/.exec(part.trim());
    assert.ok(m, `malformed link "${part}"`);
    out[m[2]!] = m[1]!;
  }
  return out;
}

const get = (url: string, who: TestIdentity = pro) => h.app.inject({ method: 'GET', url, headers: who.keyAuth });

before(async () => {
  h = await startHarness();
  pro = await h.identity({ plan: 'enterprise' });
  // Five published editions; the last made holds five articles.
  for (let i = 0; i < 4; i++) await makeEdition(h);
  const edition = await makeEdition(h);
  editionId = edition.id;
  for (let i = 0; i < 5; i++) await makeArticle(h, { edition_id: editionId, headline: `${WORD} runway works, part ${i + 1}` });
  for (let i = 0; i < 5; i++) await makeProject(h, { title: `${WORD} terminal ${i + 1}`, status: 'planned' });
});
after(() => h.close());

describe('/api/v1 lists: first, prev, next and last from meta', () => {
  for (const path of ['/api/v1/editions?', '/api/v1/articles?', `/api/v1/search?q=${WORD}&`, `/api/v1/projects?q=${WORD}&status=planned&`]) {
    it(`pages ${path.slice(0, -1)} with links that keep the query`, async () => {
      const first = await get(`${path}limit=2`);
      assert.equal(first.statusCode, 200);
      assert.deepEqual(first.json().meta, { page: 1, limit: 2, total: 5, pages: 3 });
      const l1 = links(first);
      assert.deepEqual(Object.keys(l1).sort(), ['last', 'next']);
      const base = path.split('?')[0];
      assert.ok(l1.next!.startsWith(`${base}?`), l1.next);
      const nextQuery = new URLSearchParams(l1.next!.split('?')[1]);
      assert.equal(nextQuery.get('page'), '2');
      assert.equal(nextQuery.get('limit'), '2');
      for (const [k, v] of new URLSearchParams(path.split('?')[1])) assert.equal(nextQuery.get(k), v, k);
      assert.equal(new URLSearchParams(l1.last!.split('?')[1]).get('page'), '3');

      const middle = await get(l1.next!);
      assert.equal(middle.statusCode, 200);
      assert.equal(middle.json().meta.page, 2);
      const l2 = links(middle);
      assert.deepEqual(Object.keys(l2).sort(), ['first', 'last', 'next', 'prev']);
      assert.equal(new URLSearchParams(l2.prev!.split('?')[1]).get('page'), '1');
      assert.equal(new URLSearchParams(l2.first!.split('?')[1]).get('page'), '1');

      const last = await get(l2.next!);
      assert.equal(last.json().meta.page, 3);
      assert.equal(last.json().data.length, 1);
      const l3 = links(last);
      assert.deepEqual(Object.keys(l3).sort(), ['first', 'prev']);
      assert.equal(new URLSearchParams(l3.prev!.split('?')[1]).get('page'), '2');
      // Every row exactly once across the three pages.
      const ids = [first, middle, last].flatMap((r) => r.json().data.map((x: { id: string }) => x.id));
      assert.equal(new Set(ids).size, 5);
    });
  }

  it('sends no Link on a single page, and encodes the parameters it keeps', async () => {
    const all = await get('/api/v1/editions?limit=50');
    assert.equal(all.headers.link, undefined);
    const res = await get(`/api/v1/search?q=${encodeURIComponent(`${WORD} & "runway"`)}&limit=2`);
    assert.equal(res.statusCode, 200);
    const next = links(res).next;
    if (next !== undefined) {
      assert.doesNotMatch(next, /[\s"<>]/);
      assert.equal(new URLSearchParams(next.split('?')[1]).get('q'), `${WORD} & "runway"`);
    }
  });
});

describe('/v1 lists: next only when more rows exist, prev after the first window', () => {
  for (const [path, name] of [['/v1/editions?', 'editions'], [`/v1/editions/${'{id}'}/articles?`, 'articles'], [`/v1/search?q=${WORD}&`, 'articles'], [`/v1/projects?q=${WORD}&`, 'projects']] as const) {
    it(`pages ${path.slice(0, -1)} with limit/offset links, body unchanged`, async () => {
      const start = path.replace('{id}', editionId);
      const first = await get(`${start}limit=2`);
      assert.equal(first.statusCode, 200);
      assert.deepEqual(Object.keys(first.json()), [name]);
      assert.equal(first.json()[name].length, 2);
      const l1 = links(first);
      assert.deepEqual(Object.keys(l1), ['next']);
      const q1 = new URLSearchParams(l1.next!.split('?')[1]);
      assert.equal(q1.get('offset'), '2');
      assert.equal(q1.get('limit'), '2');
      for (const [k, v] of new URLSearchParams(start.split('?')[1])) assert.equal(q1.get(k), v, k);

      const middle = await get(l1.next!);
      assert.equal(middle.json()[name].length, 2);
      const l2 = links(middle);
      assert.deepEqual(Object.keys(l2), ['first', 'prev', 'next']);
      assert.equal(new URLSearchParams(l2.prev!.split('?')[1]).get('offset'), '0');
      assert.equal(new URLSearchParams(l2.first!.split('?')[1]).get('offset'), '0');

      const last = await get(l2.next!);
      assert.equal(last.json()[name].length, 1);
      const l3 = links(last);
      assert.deepEqual(Object.keys(l3), ['first', 'prev']);
      assert.equal(new URLSearchParams(l3.prev!.split('?')[1]).get('offset'), '2');
      const ids = [first, middle, last].flatMap((r) => r.json()[name].map((x: { id: string }) => x.id));
      assert.equal(new Set(ids).size, 5);
    });
  }

  it('gives no next link when the window ends exactly at the last row', async () => {
    const res = await get(`/v1/projects?q=${WORD}&limit=5`);
    assert.equal(res.json().projects.length, 5);
    assert.equal(res.headers.link, undefined);
    const off = await get(`/v1/projects?q=${WORD}&limit=3&offset=1`);
    assert.deepEqual(Object.keys(links(off)), ['first', 'prev', 'next']);
    assert.equal(new URLSearchParams(links(off).prev!.split('?')[1]).get('offset'), '0');
  });

  it('stops next at the trial preview\u2019s last row', async () => {
    for (let i = 0; i < 2; i++) await makeProject(h, { title: `${WORD} apron ${i + 1}` });
    const trial = await h.identity({ plan: 'trial' });
    const first = await get(`/v1/projects?q=${WORD}&limit=3`, trial);
    assert.equal(first.json().projects.length, 3);
    const next = links(first).next;
    assert.ok(next);
    const second = await get(next, trial);
    assert.equal(second.json().projects.length, 2);
    assert.equal(links(second).next, undefined);
  });
});

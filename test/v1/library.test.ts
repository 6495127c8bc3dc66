/**
 * Issue 10, the reader's library and dashboard on /v1: saved articles and the watchlist (idempotent
 * writes, isolation between two users both ways, `is_saved`/`is_watched` elsewhere), reads (the
 * 30-minute window), most-read (distinct readers, 30 days, trial preview) and recently viewed,
 * and the delivery preferences (validation naming the field).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeArticle, makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let a: TestIdentity, b: TestIdentity, trial: TestIdentity, core: TestIdentity;

before(async () => {
  h = await startHarness();
  a = await h.identity({ plan: 'professional' });
  b = await h.identity({ plan: 'professional' });
  trial = await h.identity({ plan: 'trial' });
  core = await h.identity({ plan: 'core' });
});
after(() => h.close());

const call = (who: TestIdentity, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: who.keyAuth, ...(payload === undefined ? {} : { payload: payload as object }) });
async function json<T>(who: TestIdentity, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(who, method, url, payload);
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body.slice(0, 300)}`);
  return res.json() as T;
}
type Art = { id: string; is_saved: boolean; saved_at?: string; readers?: number; viewed_at?: string };

describe('saved articles', () => {
  it('PUT twice is one save, DELETE of an unsaved article succeeds, and each user sees only their own', async () => {
    const edition = await makeEdition(h);
    const x = await makeArticle(h, { edition_id: edition.id });
    const y = await makeArticle(h, { edition_id: edition.id });
    const first = await json<Art>(a, 'PUT', `/v1/articles/${x.id}/save`);
    assert.equal(first.is_saved, true);
    h.clock.advance(60_000);
    await json(a, 'PUT', `/v1/articles/${x.id}/save`);
    await json(a, 'PUT', `/v1/articles/${y.id}/save`);
    const rows = await h.database.db.selectFrom('saved_articles').selectAll().where('user_id', '=', a.userId).execute();
    assert.equal(rows.length, 2);
    const saved = (await json<{ articles: Art[] }>(a, 'GET', '/v1/library/saved')).articles;
    assert.deepEqual(saved.map((s) => s.id), [y.id, x.id], 'newest saved first');
    assert.equal(saved[1]!.saved_at, TEST_NOW, 'saving again keeps the first saved_at');
    // B sees nothing of A's, and A's flag is A's only.
    assert.deepEqual((await json<{ articles: Art[] }>(b, 'GET', '/v1/library/saved')).articles, []);
    assert.equal((await json<Art>(b, 'GET', `/v1/articles/${x.id}`)).is_saved, false);
    assert.equal((await json<Art>(a, 'GET', `/v1/articles/${x.id}`)).is_saved, true);
    // B's save and unsave leave A's entry alone, and the other way round.
    await json(b, 'PUT', `/v1/articles/${x.id}/save`);
    await json(b, 'DELETE', `/v1/articles/${x.id}/save`);
    assert.equal((await json<{ articles: Art[] }>(a, 'GET', '/v1/library/saved')).articles.length, 2);
    await json(b, 'PUT', `/v1/articles/${y.id}/save`);
    await json(a, 'DELETE', `/v1/articles/${y.id}/save`);
    await json(a, 'DELETE', `/v1/articles/${y.id}/save`);
    assert.deepEqual((await json<{ articles: Art[] }>(a, 'GET', '/v1/library/saved')).articles.map((s) => s.id), [x.id]);
    assert.deepEqual((await json<{ articles: Art[] }>(b, 'GET', '/v1/library/saved')).articles.map((s) => s.id), [y.id]);
    h.clock.set(TEST_NOW);
  });

  it('an unknown article or one of a draft edition is 404; a malformed id is 400', async () => {
    const draft = await makeEdition(h, { status: 'draft' });
    const hidden = await makeArticle(h, { edition_id: draft.id });
    for (const method of ['PUT', 'DELETE'] as const) {
      assert.equal((await call(a, method, `/v1/articles/${hidden.id}/save`)).statusCode, 404);
      assert.equal((await call(a, method, '/v1/articles/00000000-0000-4000-8000-000000000000/save')).statusCode, 404);
      assert.equal((await call(a, method, '/v1/articles/nope/save')).statusCode, 400);
    }
    assert.equal((await call(a, 'POST', `/v1/articles/${hidden.id}/view`)).statusCode, 404);
  });
});

describe('watchlist', () => {
  it('PUT twice is one watch, DELETE is idempotent, users are isolated, is_watched follows', async () => {
    const p = await makeProject(h, { title: 'Watched runway' });
    const q = await makeProject(h, { title: 'Other terminal' });
    assert.equal((await json<{ is_watched: boolean }>(a, 'PUT', `/v1/projects/${p.id}/watch`)).is_watched, true);
    await json(a, 'PUT', `/v1/projects/${p.id}/watch`);
    assert.equal((await h.database.db.selectFrom('project_watches').selectAll().where('user_id', '=', a.userId).execute()).length, 1);
    assert.deepEqual((await json<{ projects: { id: string }[] }>(a, 'GET', '/v1/library/watchlist')).projects.map((x) => x.id), [p.id]);
    assert.deepEqual((await json<{ projects: unknown[] }>(b, 'GET', '/v1/library/watchlist')).projects, []);
    assert.equal((await json<{ is_watched: boolean }>(a, 'GET', `/v1/projects/${p.id}`)).is_watched, true);
    assert.equal((await json<{ is_watched: boolean }>(b, 'GET', `/v1/projects/${p.id}`)).is_watched, false);
    await json(b, 'DELETE', `/v1/projects/${p.id}/watch`);
    assert.equal((await json<{ projects: unknown[] }>(a, 'GET', '/v1/library/watchlist')).projects.length, 1, "B's DELETE leaves A's watch");
    await json(a, 'DELETE', `/v1/projects/${q.id}/watch`);
    await json(a, 'DELETE', `/v1/projects/${p.id}/watch`);
    assert.deepEqual((await json<{ projects: unknown[] }>(a, 'GET', '/v1/library/watchlist')).projects, []);
    assert.equal((await call(a, 'PUT', '/v1/projects/00000000-0000-4000-8000-000000000000/watch')).statusCode, 404);
  });

  it('needs projects: core is refused with 403 naming the feature', async () => {
    const p = await makeProject(h);
    const res = await call(core, 'PUT', `/v1/projects/${p.id}/watch`);
    assert.equal(res.statusCode, 403);
    assert.match(res.json().detail, /projects/);
    assert.equal((await call(core, 'GET', '/v1/library/watchlist')).statusCode, 403);
    assert.equal((await call(trial, 'PUT', `/v1/projects/${p.id}/watch`)).statusCode, 200, 'a trial preview may watch');
  });
});

describe('reads and the dashboard', () => {
  it('repeated views within 30 minutes count once; after them a new read counts', async () => {
    const x = await makeArticle(h);
    const v1 = await json<{ counted: boolean }>(a, 'POST', `/v1/articles/${x.id}/view`);
    assert.equal(v1.counted, true);
    h.clock.advance(29 * 60_000);
    assert.equal((await json<{ counted: boolean }>(a, 'POST', `/v1/articles/${x.id}/view`)).counted, false);
    assert.equal((await json<{ counted: boolean }>(b, 'POST', `/v1/articles/${x.id}/view`)).counted, true, "B's read is B's own");
    h.clock.advance(2 * 60_000);
    assert.equal((await json<{ counted: boolean }>(a, 'POST', `/v1/articles/${x.id}/view`)).counted, true);
    const views = await h.database.db.selectFrom('article_views').selectAll().where('article_id', '=', x.id).execute();
    assert.equal(views.length, 3);
    // Concurrent reloads still count once.
    h.clock.advance(31 * 60_000);
    const many = await Promise.all(Array.from({ length: 5 }, () => json<{ counted: boolean }>(a, 'POST', `/v1/articles/${x.id}/view`)));
    assert.equal(many.filter((m) => m.counted).length, 1);
    h.clock.set(TEST_NOW);
  });

  it('most-read counts distinct readers over 30 days; recently-viewed is the caller\u2019s own, newest first, each once', async () => {
    h.clock.set('2026-11-26T10:00:00Z'); // within the trial's 14 days
    const edition = await makeEdition(h);
    const [x, y, z] = [await makeArticle(h, { edition_id: edition.id }), await makeArticle(h, { edition_id: edition.id }), await makeArticle(h, { edition_id: edition.id })];
    const old = new Date(h.clock.now().getTime() - 31 * 86_400_000);
    // z was read by many, but more than 30 days ago.
    await h.database.db.insertInto('article_views').values([a, b, trial, core].map((u) => ({ user_id: u.userId, article_id: z.id, viewed_at: old }))).execute();
    for (const who of [a, b, core]) await json(who, 'POST', `/v1/articles/${y.id}/view`);
    h.clock.advance(3_600_000);
    for (let i = 0; i < 3; i++) { await json(a, 'POST', `/v1/articles/${x.id}/view`); h.clock.advance(3_600_000); }
    await json(a, 'POST', `/v1/articles/${y.id}/view`);
    const most = (await json<{ articles: Art[] }>(a, 'GET', '/v1/dashboard/most-read?limit=50')).articles;
    assert.equal(most[0]!.id, y.id);
    assert.deepEqual(most.filter((m) => m.id === x.id || m.id === y.id).map((m) => [m.id, m.readers]), [[y.id, 3], [x.id, 1]]);
    assert.ok(!most.some((m) => m.id === z.id));
    const recent = (await json<{ articles: Art[] }>(a, 'GET', '/v1/dashboard/recently-viewed')).articles;
    assert.deepEqual(recent.slice(0, 2).map((r) => r.id), [y.id, x.id]);
    assert.equal(new Set(recent.map((r) => r.id)).size, recent.length, 'each article once');
    assert.deepEqual((await json<{ articles: Art[] }>(b, 'GET', '/v1/dashboard/recently-viewed')).articles.map((r) => r.id).slice(0, 1), [y.id]);
    // A trial previews the archive: only the latest published edition.
    const newer = await makeEdition(h);
    const w = await makeArticle(h, { edition_id: newer.id });
    await json(b, 'POST', `/v1/articles/${w.id}/view`);
    const trialMost = (await json<{ articles: Art[] }>(trial, 'GET', '/v1/dashboard/most-read')).articles;
    assert.deepEqual(trialMost.map((m) => m.id), [w.id]);
    assert.equal((await call(a, 'GET', '/v1/dashboard/most-read?limit=201')).statusCode, 422);
    h.clock.set(TEST_NOW);
  });
});

describe('preferences', () => {
  it('GET gives the defaults, PUT stores and returns them, per user', async () => {
    assert.deepEqual(await json(a, 'GET', '/v1/preferences'), { digest_frequency: 'weekly', digest_format: 'html', email_headlines_only: false, attach_pdf: false });
    const next = { digest_frequency: 'daily', digest_format: 'text', email_headlines_only: true, attach_pdf: true };
    assert.deepEqual(await json(a, 'PUT', '/v1/preferences', next), next);
    assert.deepEqual(await json(a, 'GET', '/v1/preferences'), next);
    assert.equal((await json<{ digest_frequency: string }>(b, 'GET', '/v1/preferences')).digest_frequency, 'weekly');
  });

  it('a value outside a vocabulary, a missing or an unknown field is 400 naming the field', async () => {
    const good = { digest_frequency: 'never', digest_format: 'html', email_headlines_only: false, attach_pdf: false };
    for (const [body, field] of [
      [{ ...good, digest_frequency: 'hourly' }, 'digest_frequency'],
      [{ ...good, digest_format: 'pdf' }, 'digest_format'],
      [{ ...good, attach_pdf: 'yes' }, 'attach_pdf'],
      [{ ...good, email_headlines_only: undefined }, 'email_headlines_only'],
    ] as const) {
      const res = await call(a, 'PUT', '/v1/preferences', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.body, new RegExp(field));
    }
    assert.equal((await call(a, 'PUT', '/v1/preferences', { ...good, colour: 'red' })).statusCode, 400);
    assert.equal((await json<{ digest_frequency: string }>(a, 'GET', '/v1/preferences')).digest_frequency, 'daily', 'nothing stored');
  });
});

/**
 * /api/v1 under the one entitlement model (issue 17, docs/decisions/0014): a trial sees the same
 * previews as on /v1 (the first five projects with `meta.total` 5, three tenders, the latest
 * published edition of the archive), exports need `exports`, a core session is refused projects,
 * and a refusal names the feature, the edition's own `api` gate included.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

type Page = { data: { id: string; edition_number?: number }[]; meta: { page: number; limit: number; total: number; pages: number } };

let h: Harness;
let trial: TestIdentity, core: TestIdentity, pro: TestIdentity;
let latest: number;
before(async () => {
  h = await startHarness({ sample: true });
  trial = await h.identity({ plan: 'trial' });
  core = await h.identity({ plan: 'core' });
  pro = await h.identity({ plan: 'professional' });
  latest = (await h.database.db.selectFrom('editions').select('number').where('status', '=', 'published').orderBy('publish_date', 'desc').executeTakeFirstOrThrow()).number;
});
after(() => h.close());

const get = (url: string, auth: Record<string, string>) => h.app.inject({ method: 'GET', url, headers: auth });
async function page(url: string, auth: Record<string, string>): Promise<Page> {
  const res = await get(url, auth);
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
  return res.json() as Page;
}

describe('the projects preview on /api/v1', () => {
  it('is the first five projects of the full list, with meta.total 5 and meta.pages 1, as /v1 shows', async () => {
    const full = await page('/api/v1/projects?limit=100', pro.keyAuth);
    assert.ok(full.meta.total > 5);
    const preview = await page('/api/v1/projects?limit=100', trial.keyAuth);
    assert.deepEqual(preview.data.map((p) => p.id), full.data.slice(0, 5).map((p) => p.id));
    assert.deepEqual(preview.meta, { page: 1, limit: 100, total: 5, pages: 1 });
    const v1 = (await get('/v1/projects?limit=200', trial.keyAuth)).json() as { projects: { id: string }[] };
    assert.deepEqual(v1.projects.map((p) => p.id), preview.data.map((p) => p.id));
  });

  it('pages within the five rows: limit 2, page 3 is the fifth; page 4 is empty', async () => {
    const full = await page('/api/v1/projects?limit=100', pro.keyAuth);
    const third = await page('/api/v1/projects?limit=2&page=3', trial.keyAuth);
    assert.deepEqual(third.data.map((p) => p.id), [full.data[4]!.id]);
    assert.deepEqual(third.meta, { page: 3, limit: 2, total: 5, pages: 3 });
    assert.deepEqual((await page('/api/v1/projects?limit=2&page=4', trial.keyAuth)).data, []);
  });

  it('reads any project by id (single reads are not narrowed), but refuses the export for want of exports', async () => {
    const full = await page('/api/v1/projects?limit=100', pro.keyAuth);
    assert.equal((await get(`/api/v1/projects/${full.data[20]!.id}`, trial.keyAuth)).statusCode, 200);
    const exported = await get('/api/v1/projects/export', trial.keyAuth);
    assert.equal(exported.statusCode, 403);
    assert.match(exported.json().error, /trial plan does not include CSV exports \(feature "exports"\)/);
  });
});

describe('the archive preview on /api/v1', () => {
  it('searches (GET and POST) and lists articles of the latest published edition only, totals counting it', async () => {
    const full = await page('/api/v1/search?limit=100&include_archived=1', pro.keyAuth);
    assert.ok(full.data.some((a) => a.edition_number !== latest));
    for (const url of ['/api/v1/search?limit=100&include_archived=1', '/api/v1/articles?limit=100']) {
      const preview = await page(url, trial.keyAuth);
      assert.ok(preview.data.length > 0, url);
      assert.ok(preview.data.every((a) => a.edition_number === latest), url);
      assert.equal(preview.meta.total, preview.data.length, url);
    }
    const posted = await h.app.inject({ method: 'POST', url: '/api/v1/search', headers: { ...trial.keyAuth, 'content-type': 'application/json' }, payload: '{"limit": 100}' });
    assert.ok((posted.json() as Page).data.every((a) => a.edition_number === latest));
    const older = await page(`/api/v1/articles?edition=${latest - 1}`, trial.keyAuth);
    assert.deepEqual(older.data, []);
  });

  it('leaves editions and single articles open, as /v1 does', async () => {
    const edition = await get(`/api/v1/editions/${latest - 1}`, trial.keyAuth);
    assert.equal(edition.statusCode, 200);
    const article = (edition.json() as { data: { articles: { id: string }[] } }).data.articles[0]!;
    assert.equal((await get(`/api/v1/articles/${article.id}`, trial.keyAuth)).statusCode, 200);
  });
});

describe('refusals name their reason', () => {
  it('refuses a core session projects as /v1 does, and a core key for the edition\'s own api gate first', async () => {
    const session = await get('/api/v1/projects', core.sessionAuth);
    assert.equal(session.statusCode, 403);
    assert.match(session.json().error, /core plan does not include the airport projects database \(feature "projects"\)/);
    const v1 = await get('/v1/projects', core.sessionAuth);
    assert.equal(v1.statusCode, 403);
    assert.match(v1.json().detail, /feature "projects"/);
    const key = await get('/api/v1/projects', core.keyAuth);
    assert.equal(key.statusCode, 403);
    assert.match(key.json().error, /feature "api"/);
  });

  it('refuses a core + mcp key projects through MCP call_api, naming projects', async () => {
    const coreMcp = await h.identity({ plan: 'core', addons: ['mcp'] });
    const res = await h.app.inject({
      method: 'POST', url: '/api/mcp',
      headers: { ...coreMcp.keyAuth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_api', arguments: { method: 'GET', path: '/api/v1/projects' } } }),
    });
    const result = (res.json() as { result: { isError?: boolean; content: { text: string }[] } }).result;
    assert.equal(result.isError, true);
    assert.match(result.content[0]!.text, /answered 403: .*feature "projects"/);
  });
});

/**
 * The security matrix: every registered /api/v1 route, called by every kind of caller, answers the
 * status that caller must get. Routes are read from the app's own OpenAPI description (generated
 * from the registered routes), so a new route cannot escape the matrix.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from './helpers/harness.js';

type Caller =
  | 'none' | 'bad token' | 'no subscription (key)' | 'core key' | 'core session' | 'trial key'
  | 'professional key' | 'professional + wat key' | 'enterprise key' | 'admin key';

/** What each caller gets on an /api/v1 read route. */
const EXPECTED: Record<Caller, number> = {
  none: 401,
  'bad token': 401,
  'no subscription (key)': 403,
  'core key': 403,
  'core session': 200,
  'trial key': 200,
  'professional key': 200,
  'professional + wat key': 200,
  'enterprise key': 200,
  'admin key': 200,
};

/** Callers that hold the `wat` feature (tender routes need it on top of API access). */
const HAS_WAT = new Set<Caller>(['professional + wat key', 'enterprise key', 'admin key']);

/** The status `caller` must get on `route`. */
const expectedStatus = (caller: Caller, url: string): number => {
  const base = EXPECTED[caller];
  // Admin routes: no or a bad token 401, every non-administrator 403; the administrator gets past
  // access (0 = any status below 500 other than 401/403; the matrix uses unknown ids, so writes change nothing).
  if (url.startsWith('/api/v1/admin/')) return base === 401 ? 401 : caller === 'admin key' ? 0 : 403;
  if (base === 200 && url.startsWith('/api/v1/tenders') && !HAS_WAT.has(caller)) return 403;
  return base;
};

let h: Harness;
const routes: { method: string; url: string }[] = [];
const headers = new Map<Caller, Record<string, string>>();
let sampleIds: { articleId: string; editionNumber: number; projectId: string; tenderId: string };

before(async () => {
  h = await startHarness({ sample: true });
  const make = async (opts: Parameters<Harness['identity']>[0]) => h.identity(opts);
  const as = (who: TestIdentity, kind: 'key' | 'session') => ({ authorization: `Bearer ${kind === 'key' ? who.key : who.session}` });
  const core = await make({ plan: 'core' });
  headers.set('none', {});
  headers.set('bad token', { authorization: 'Bearer svc_live_' + 'x'.repeat(43) });
  headers.set('no subscription (key)', as(await make({}), 'key'));
  headers.set('core key', as(core, 'key'));
  headers.set('core session', as(core, 'session'));
  headers.set('trial key', as(await make({ plan: 'trial' }), 'key'));
  headers.set('professional key', as(await make({ plan: 'professional' }), 'key'));
  headers.set('professional + wat key', as(await make({ plan: 'professional', addons: ['wat'] }), 'key'));
  headers.set('enterprise key', as(await make({ plan: 'enterprise' }), 'key'));
  headers.set('admin key', as(await make({ admin: true }), 'key'));
  const article = await h.database.db.selectFrom('articles').innerJoin('editions', 'editions.id', 'articles.edition_id')
    .select(['articles.id', 'editions.number']).where('editions.status', '=', 'published').executeTakeFirstOrThrow();
  const project = await h.database.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
  const tender = await h.database.db.selectFrom('tenders').select('id').executeTakeFirstOrThrow();
  sampleIds = { articleId: article.id, editionNumber: article.number, projectId: project.id, tenderId: tender.id };
});
after(() => h.close());

/** A concrete URL for a route pattern, with real ids from the sample data. */
const concrete = (url: string) =>
  url.startsWith('/api/v1/admin/') ? url.replace(':id', '00000000-0000-4000-8000-000000000000') : url
    .replace(':number', String(sampleIds.editionNumber))
    .replace(/^\/api\/v1\/projects\/:id/, `/api/v1/projects/${sampleIds.projectId}`)
    .replace(/^\/api\/v1\/tenders\/:id/, `/api/v1/tenders/${sampleIds.tenderId}`)
    .replace(':id', sampleIds.articleId);

describe('security matrix of /api/v1', () => {
  it('knows every /api/v1 route the app serves', () => {
    const spec = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(spec.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const method of Object.keys(ops)) routes.push({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') });
    }
    assert.ok(routes.length >= 13, `found ${routes.length} routes`);
  });

  it('answers each caller as the entitlements say, on every route', async () => {
    for (const route of routes) {
      for (const caller of Object.keys(EXPECTED) as Caller[]) {
        const expected = expectedStatus(caller, route.url);
        const res = await h.app.inject({
          method: route.method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
          url: concrete(route.url),
          headers: { ...headers.get(caller)!, ...(route.method === 'POST' || route.method === 'PATCH' ? { 'content-type': 'application/json' } : {}) },
          ...(route.method === 'POST' || route.method === 'PATCH' ? { payload: {} } : {}),
        });
        if (expected === 0) {
          assert.ok(res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403, `${caller} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        assert.equal(res.statusCode, expected, `${caller} ${route.method} ${route.url}: ${res.body.slice(0, 200)}`);
        if (expected >= 400) assert.deepEqual(Object.keys(res.json()), ['error']);
        else if (route.url.endsWith('/export')) assert.match(String(res.headers['content-type']), /^text\/csv/);
      }
    }
  });
});

/**
 * The security matrix of the whole service: every operation of the app's OpenAPI description,
 * keyed by operationId, called by every kind of caller, answers the status that caller must get,
 * in its edition's error dialect. The table below is written from the seeds (000 section 4, 001
 * section 5), independently of the routes' own configuration; the test fails when an operation has
 * no row (so no new route escapes it) and when a row names an operation that does not exist.
 *
 * Access kinds:
 * - `public`: no token (plans, billing config, health);
 * - `user`: any valid token (`/v1/me`);
 * - `subscriber`: an active subscription, plus `features` (on /v1 a trial preview passes the gates
 *   `archive`, `projects`, `wat`; on /api/v1 an API key also needs `api`, and `wat` must be held in full);
 * - `admin`: administrators only (/api/v1: 403 `{error}` to others; /v1/admin: 404 problem+json).
 *
 * The other-user caller: a row with `ownState` reads a user's own state. User A creates the state
 * (`setup`), then both call the operation: A's record carries the flag, B's view of the same record
 * does not. Every /v1 operation that shows per-user state has such a row today (saved articles,
 * watched projects); the per-user writes to come (save, watch, alert rules, …) add rows whose check
 * is that B gets 404 on A's record and that A's rows are unchanged afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from './helpers/harness.js';

type Feature = 'archive' | 'projects' | 'wat' | 'exports';
type Access = 'public' | 'user' | 'subscriber' | 'admin';

/** What user A's state is, and how an operation must show it to A and hide it from B. */
interface OwnState {
  /** Query string appended to the operation's URL (so A's record is on the page). */
  query?: string;
  /** Creates A's state; returns the id of the record whose flag the response carries. */
  setup: (h: Harness, a: TestIdentity) => Promise<string>;
  /** The per-caller flag on that record (`is_saved`, `is_watched`). */
  flag: string;
}

interface Row {
  access: Access;
  features?: Feature[];
  /** JSON body sent with the call (writes); default `{}` for POST and PATCH. */
  body?: unknown;
  ownState?: OwnState;
}

const saved: OwnState['setup'] = async (h, a) => {
  const article = await latestArticle(h);
  await h.database.db.insertInto('saved_articles').values({ user_id: a.userId, article_id: article.id }).execute();
  return article.id;
};
const watched: OwnState['setup'] = async (h, a) => {
  const project = await heathrowProject(h);
  await h.database.db.insertInto('project_watches').values({ user_id: a.userId, project_id: project.id }).execute();
  return project.id;
};

/** operationId → who may call it. */
const TABLE: Record<string, Row> = {
  v1GetHealth: { access: 'public' },
  // /api/v1 (seed 000): API access (key: `api`; session: a subscription), tenders need `wat`.
  apiV1ListEditions: { access: 'subscriber' },
  apiV1GetLatestEdition: { access: 'subscriber' },
  apiV1GetEdition: { access: 'subscriber' },
  apiV1ListArticles: { access: 'subscriber' },
  apiV1GetArticle: { access: 'subscriber' },
  apiV1SearchGet: { access: 'subscriber' },
  apiV1SearchPost: { access: 'subscriber' },
  apiV1ListProjects: { access: 'subscriber' },
  apiV1ExportProjects: { access: 'subscriber' },
  apiV1GetProject: { access: 'subscriber' },
  apiV1ListTenders: { access: 'subscriber', features: ['wat'] },
  apiV1ExportTenders: { access: 'subscriber', features: ['wat'] },
  apiV1GetTender: { access: 'subscriber', features: ['wat'] },
  apiV1AdminListEditions: { access: 'admin' },
  apiV1AdminCreateEdition: { access: 'admin' },
  apiV1AdminUpdateEdition: { access: 'admin' },
  apiV1AdminDeleteEdition: { access: 'admin' },
  apiV1AdminPublishEdition: { access: 'admin' },
  apiV1AdminCreateArticle: { access: 'admin' },
  apiV1AdminUpdateArticle: { access: 'admin' },
  apiV1AdminDeleteArticle: { access: 'admin' },
  apiV1AdminCreateProject: { access: 'admin' },
  apiV1AdminUpdateProject: { access: 'admin' },
  apiV1AdminDeleteProject: { access: 'admin' },
  apiV1AdminCreateTender: { access: 'admin' },
  apiV1AdminUpdateTender: { access: 'admin' },
  apiV1AdminDeleteTender: { access: 'admin' },
  apiV1AdminListInbox: { access: 'admin' },
  apiV1AdminSetInboxStatus: { access: 'admin' },
  apiV1AdminPromoteInboxItem: { access: 'admin' },
  apiV1AdminListAudit: { access: 'admin' },
  apiAdminSendNewsletter: { access: 'admin', body: { dryRun: true } },
  // /v1 (seed 001, section 5).
  v1GetMe: { access: 'user' },
  v1GetReference: { access: 'subscriber' },
  v1ListEditions: { access: 'subscriber' },
  v1GetEdition: { access: 'subscriber' },
  v1ListEditionArticles: { access: 'subscriber', ownState: { setup: saved, flag: 'is_saved' } },
  v1GetArticle: { access: 'subscriber', ownState: { setup: saved, flag: 'is_saved' } },
  v1ListRelatedArticles: { access: 'subscriber' },
  v1Search: { access: 'subscriber', features: ['archive'], ownState: { query: 'limit=200', setup: saved, flag: 'is_saved' } },
  v1SearchFacets: { access: 'subscriber', features: ['archive'] },
  v1SearchExport: { access: 'subscriber', features: ['archive', 'exports'] },
  v1ListProjects: { access: 'subscriber', features: ['projects'], ownState: { query: 'q=Heathrow&limit=200', setup: watched, flag: 'is_watched' } },
  v1ProjectFacets: { access: 'subscriber', features: ['projects'] },
  v1ExportProjects: { access: 'subscriber', features: ['projects', 'exports'] },
  v1GetProject: { access: 'subscriber', features: ['projects'], ownState: { setup: watched, flag: 'is_watched' } },
  v1ListAirports: { access: 'subscriber' },
  v1GetAirport: { access: 'subscriber' },
  v1ListAirportArticles: { access: 'subscriber', features: ['archive'] },
  v1ListAirportProjects: { access: 'subscriber', features: ['projects'], ownState: { query: 'limit=200', setup: watched, flag: 'is_watched' } },
  v1ListTenders: { access: 'subscriber', features: ['wat'] },
  v1TenderFacets: { access: 'subscriber', features: ['wat'] },
  v1ExportTenders: { access: 'subscriber', features: ['wat', 'exports'] },
  v1GetTender: { access: 'subscriber', features: ['wat'] },
  v1ListCalendarEvents: { access: 'subscriber' },
  v1ListPlans: { access: 'public' },
  v1GetBillingConfig: { access: 'public' },
};

const CALLERS = [
  'none', 'bad JWT', 'bad key', 'no subscription key', 'core key', 'core session', 'trial key', 'trial session',
  'professional key', 'professional + wat key', 'enterprise key', 'enterprise session', 'admin key',
] as const;
type Caller = (typeof CALLERS)[number];

/** Features each caller holds in full; admins hold every one. */
const FULL: Record<Caller, Feature[]> = {
  none: [], 'bad JWT': [], 'bad key': [], 'no subscription key': [],
  'core key': ['archive'], 'core session': ['archive'],
  'trial key': [], 'trial session': [],
  'professional key': ['archive', 'projects', 'exports'],
  'professional + wat key': ['archive', 'projects', 'exports', 'wat'],
  'enterprise key': ['archive', 'projects', 'exports', 'wat'], 'enterprise session': ['archive', 'projects', 'exports', 'wat'],
  'admin key': ['archive', 'projects', 'exports', 'wat'],
};
/** Gates a trial passes on /v1 as a preview (seed 001, section 5, point 4). */
const PREVIEWS: Feature[] = ['archive', 'projects', 'wat'];
const isTrial = (c: Caller) => c.startsWith('trial');
const unauthenticated = (c: Caller) => c === 'none' || c.startsWith('bad');

/** 0 means: an administrator got through; any status below 500 but 401, 403 and 404-of-the-scope. */
const THROUGH = 0;

/** The status `caller` must get on an operation at `path` with `row`. */
function expected(caller: Caller, path: string, row: Row): number {
  if (row.access === 'public') return 200;
  if (unauthenticated(caller)) return 401;
  if (row.access === 'user') return 200;
  if (row.access === 'admin') {
    if (caller === 'admin key') return THROUGH;
    return path.startsWith('/v1/') ? 404 : 403;
  }
  if (caller === 'admin key') return 200;
  if (caller === 'no subscription key') return 403;
  const features = row.features ?? [];
  if (path.startsWith('/api/')) {
    // /api/v1: a key needs `api` (core has none; trial and professional do); features in full.
    if (caller === 'core key') return 403;
    return features.every((f) => FULL[caller].includes(f)) ? 200 : 403;
  }
  return features.every((f) => FULL[caller].includes(f) || (isTrial(caller) && PREVIEWS.includes(f))) ? 200 : 403;
}

let h: Harness;
const auth = new Map<Caller, Record<string, string>>();
let otherA: TestIdentity;
let otherB: TestIdentity;
const ids: Record<string, string> = {};
const ops: { operationId: string; method: string; path: string }[] = [];

/** The first project at Heathrow (LHR) by title: on /v1/projects?q=Heathrow and /v1/airports/LHR/projects. */
function heathrowProject(hh: Harness) {
  return hh.database.db.selectFrom('projects as p').innerJoin('project_airports as pa', 'pa.project_id', 'p.id')
    .innerJoin('airports as ap', 'ap.id', 'pa.airport_id').select(['p.id']).where('ap.iata', '=', 'LHR').orderBy('p.title').executeTakeFirstOrThrow();
}

/** The first article of the latest published edition. */
async function latestArticle(hh: Harness) {
  return hh.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').select(['a.id', 'e.id as edition_id', 'e.number'])
    .where('e.status', '=', 'published').where('a.kind', '=', 'article').orderBy('e.publish_date', 'desc').orderBy('a.sort_order').executeTakeFirstOrThrow();
}

before(async () => {
  h = await startHarness({ sample: true });
  const who = (opts: Parameters<Harness['identity']>[0]) => h.identity(opts);
  const core = await who({ plan: 'core' });
  const trial = await who({ plan: 'trial' });
  const enterprise = await who({ plan: 'enterprise' });
  auth.set('none', {});
  auth.set('bad JWT', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad' });
  auth.set('bad key', { authorization: `Bearer svc_live_${'x'.repeat(43)}` });
  auth.set('no subscription key', (await who({})).keyAuth);
  auth.set('core key', core.keyAuth);
  auth.set('core session', core.sessionAuth);
  auth.set('trial key', trial.keyAuth);
  auth.set('trial session', trial.sessionAuth);
  auth.set('professional key', (await who({ plan: 'professional' })).keyAuth);
  auth.set('professional + wat key', (await who({ plan: 'professional', addons: ['wat'] })).keyAuth);
  auth.set('enterprise key', enterprise.keyAuth);
  auth.set('enterprise session', enterprise.sessionAuth);
  auth.set('admin key', (await who({ admin: true })).keyAuth);
  otherA = await who({ plan: 'enterprise' });
  otherB = await who({ plan: 'enterprise' });
  const latest = await latestArticle(h);
  ids.article = latest.id;
  ids.edition = latest.edition_id;
  ids.editionNumber = String(latest.number);
  ids.project = (await heathrowProject(h)).id;
  ids.tender = (await h.database.db.selectFrom('tenders').select('id').orderBy('reference').executeTakeFirstOrThrow()).id;
  const spec = h.app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) ops.push({ operationId: op.operationId ?? `(none: ${method} ${path})`, method: method.toUpperCase(), path });
  }
});
after(() => h.close());

/** A concrete URL for `path`: real ids on reads, an unknown id under admin (writes then change nothing). */
function concrete(path: string, row: Row): string {
  const unknown = '00000000-0000-4000-8000-000000000000';
  if (row.access === 'admin') return path.replace(/\{\w+\}/g, unknown);
  return path
    .replace('{number}', ids.editionNumber!)
    .replace(/\/editions\/\{id\}/, `/editions/${ids.edition}`)
    .replace(/\/articles\/\{id\}/, `/articles/${ids.article}`)
    .replace(/\/projects\/\{id\}/, `/projects/${ids.project}`)
    .replace(/\/tenders\/\{id\}/, `/tenders/${ids.tender}`)
    .replace('{ref}', 'LHR');
}

const call = (method: string, url: string, headers: Record<string, string>, row: Row) => {
  const write = method === 'POST' || method === 'PATCH' || method === 'PUT';
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(write ? { 'content-type': 'application/json' } : {}) },
    ...(write ? { payload: JSON.stringify(row.body ?? {}) } : {}),
  });
};

describe('security matrix', () => {
  it('has a row for every operation of the OpenAPI description, and none for an operation that does not exist', () => {
    assert.ok(ops.length >= 58, `${ops.length} operations`);
    const described = new Set(ops.map((o) => o.operationId));
    assert.deepEqual(ops.filter((o) => !TABLE[o.operationId]).map((o) => `${o.operationId} ${o.method} ${o.path}`), [], 'operations without a row');
    assert.deepEqual(Object.keys(TABLE).filter((id) => !described.has(id)), [], 'rows without an operation');
  });

  it('answers every caller as the entitlements say, on every operation, in the edition\'s error dialect', async () => {
    for (const op of ops) {
      const row = TABLE[op.operationId]!;
      for (const caller of CALLERS) {
        const res = await call(op.method, concrete(op.path, row), auth.get(caller)!, row);
        const want = expected(caller, op.path, row);
        const what = `${caller} → ${op.operationId} (${op.method} ${op.path}): ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (want === THROUGH) {
          assert.ok(res.statusCode < 500 && ![401, 403].includes(res.statusCode), what);
          continue;
        }
        assert.equal(res.statusCode, want, what);
        if (want >= 400 && op.path.startsWith('/v1/')) {
          assert.match(String(res.headers['content-type']), /^application\/problem\+json/, what);
          const body = res.json() as { status: number; detail: string };
          assert.equal(body.status, want, what);
          if (want === 403 && caller !== 'no subscription key') assert.match(body.detail, /feature "(archive|projects|wat|exports)"/, what);
        } else if (want >= 400) {
          assert.deepEqual(Object.keys(res.json()), ['error'], what);
        } else if (op.path.endsWith('/export')) {
          assert.match(String(res.headers['content-type']), /^text\/csv/, what);
        }
      }
    }
  });

  it('hides the /v1/admin scope from non-administrators: 404 problem+json on any path under it', async () => {
    for (const caller of CALLERS.filter((c) => !unauthenticated(c) && c !== 'admin key')) {
      const res = await h.app.inject({ method: 'GET', url: '/v1/admin/anything', headers: auth.get(caller)! });
      assert.equal(res.statusCode, 404, caller);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
    const forAdmin = await h.app.inject({ method: 'GET', url: '/api/v1/admin/anything', headers: auth.get('professional key')! });
    assert.equal(forAdmin.statusCode, 403);
  });

  it('shows a user\'s own state to that user only (the other-user caller)', async () => {
    const rows = ops.filter((o) => TABLE[o.operationId]!.ownState);
    assert.ok(rows.length >= 5, `${rows.length} operations with per-user state`);
    const setUp = new Map<OwnState['setup'], string>();
    for (const op of rows) {
      const row = TABLE[op.operationId]!;
      const own = row.ownState!;
      if (!setUp.has(own.setup)) setUp.set(own.setup, await own.setup(h, otherA));
      const recordId = setUp.get(own.setup)!;
      const url = `${concrete(op.path, row)}${own.query ? `?${own.query}` : ''}`;
      const flags = async (who: TestIdentity) => {
        const res = await call(op.method, url, who.keyAuth, row);
        assert.equal(res.statusCode, 200, `${op.operationId}: ${res.body.slice(0, 200)}`);
        return findRecords(res.json(), recordId).map((r) => r[own.flag]);
      };
      const ofA = await flags(otherA);
      assert.ok(ofA.length > 0, `${op.operationId}: A's record ${recordId} is in the answer`);
      assert.ok(ofA.every((f) => f === true), `${op.operationId}: A sees ${own.flag}`);
      const ofB = await flags(otherB);
      assert.ok(ofB.length > 0 && ofB.every((f) => f === false), `${op.operationId}: B does not see A's ${own.flag}`);
    }
  });
});

/** Every object in `json` whose `id` is `id`. */
function findRecords(json: unknown, id: string): Record<string, unknown>[] {
  if (Array.isArray(json)) return json.flatMap((x) => findRecords(x, id));
  if (json && typeof json === 'object') {
    const obj = json as Record<string, unknown>;
    return [...(obj.id === id ? [obj] : []), ...Object.values(obj).flatMap((v) => findRecords(v, id))];
  }
  return [];
}

/**
 * The security matrix of the whole service (both editions, the newsletter send, health and the MCP
 * endpoint): every operation of the app's `/openapi.json`, keyed by operationId, called by every
 * kind of caller, answers the status that caller must get, in its edition's error dialect
 * (problem+json with a matching `status` on /v1, `{error}` on /api). The table of who may call
 * what is test/security-matrix.table.ts, written from the seeds; its header says how a new
 * operation, and a new per-user operation, adds its row.
 *
 * The test fails when an operation of /openapi.json has no row (so no new route escapes it), when
 * a row names an operation that does not exist, and when a non-GET row of a user or subscriber has
 * neither an other-user check nor a note saying why it needs none.
 *
 * Also checked on every call: content types (CSV on exports, JSON elsewhere), and the daily quota
 * of /api/v1: a metered answer (an API key of a non-administrator that got through) carries
 * RateLimit-Limit / RateLimit-Remaining counting down by one, nothing else is metered or charged
 * (refusals, session tokens, admin keys, /v1), and the keys' usage counters agree.
 *
 * The other-user caller: users A and B (both enterprise). For a `flag` row A's flag is true on the
 * record and B's false; for an `owned` row B gets 404 on A's record and A's state does not change.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { startHarness, type Harness, type TestIdentity } from './helpers/harness.js';
import { oauthTokens } from './helpers/oauth.js';
import { GATE_PAIRS, heathrowProject, latestArticle, TABLE, UNDESCRIBED, type Feature, type FlagState, type GatePair, type OwnedState, type Row } from './security-matrix.table.js';

const CALLERS = [
  'none', 'bad JWT', 'bad key', 'no subscription key', 'core key', 'core session', 'core + mcp key', 'trial key', 'trial session',
  'professional key', 'professional + wat key', 'enterprise key', 'enterprise session', 'admin key',
  'enterprise oauth read', 'enterprise oauth read+write',
] as const;
type Caller = (typeof CALLERS)[number];
type Held = Feature | 'api';

/** Features each caller holds in full (docs/entitlements.md); admins hold every one. */
const ALL: Held[] = ['archive', 'projects', 'exports', 'wat', 'api', 'mcp'];
const FULL: Record<Caller, Held[]> = {
  none: [], 'bad JWT': [], 'bad key': [], 'no subscription key': [],
  'core key': ['archive'], 'core session': ['archive'], 'core + mcp key': ['archive', 'mcp'],
  'trial key': ['api'], 'trial session': ['api'],
  'professional key': ['archive', 'projects', 'exports', 'api'],
  'professional + wat key': ['archive', 'projects', 'exports', 'wat', 'api'],
  'enterprise key': ALL, 'enterprise session': ALL,
  'admin key': ALL,
  'enterprise oauth read': ALL, 'enterprise oauth read+write': ALL,
};
/** Requests per UTC day of each metered caller's key. */
const DAILY: Partial<Record<Caller, number>> = {
  'core key': 1000, 'core + mcp key': 1000, 'trial key': 200, 'professional key': 1000, 'professional + wat key': 1000, 'enterprise key': 10000,
  'enterprise oauth read': 10000, 'enterprise oauth read+write': 10000,
};
/** Gates a trial passes on /v1 as a preview (seed 001, section 5, point 4). */
const PREVIEWS: Feature[] = ['archive', 'projects', 'wat'];
const isTrial = (c: Caller) => c.startsWith('trial');
const isSession = (c: Caller) => c.endsWith('session');
const unauthenticated = (c: Caller) => c === 'none' || c.startsWith('bad');
/** An OAuth access token (issue 28; docs/oauth.md): `read`, or `read write`; never `mcp` here. */
const isOAuth = (c: Caller) => c.includes('oauth');
/** Paths where no app acts, whatever its scopes (src/domain/oauth/scopes.ts). */
const NOT_FOR_APPS = /^\/v1\/(auth|account|billing|api-keys|keys)(\/|$)/;
/** An API key of a caller without `api`: /api/v1 refuses it first, naming feature "api". */
const lacksApi = (c: Caller) => !isSession(c) && !FULL[c].includes('api');

/** What a subscriber gets from a gate of `features`: everything, the trial's preview, or a refusal. */
function entitled(caller: Caller, features: readonly Feature[]): 'full' | 'preview' | 'refused' {
  if (caller === 'no subscription key') return 'refused';
  if (features.every((f) => FULL[caller].includes(f))) return 'full';
  if (isTrial(caller) && features.every((f) => FULL[caller].includes(f) || PREVIEWS.includes(f))) return 'preview';
  return 'refused';
}

/** 0 means: an administrator got through; any status below 500 but 401, 403 and 404-of-the-scope. */
const THROUGH = 0;

/** The status `caller` must get on an operation at `path` with `row`. */
function expected(caller: Caller, path: string, row: Row, method = 'GET'): number {
  const want = baseExpected(caller, path, row, method);
  if (want !== 200) return want;
  if (caller === 'admin key' && row.adminStatus !== undefined) return row.adminStatus;
  return row.status === 'any' ? THROUGH : row.status ?? 200;
}

/** {@link expected} before a row's own success status. */
function baseExpected(caller: Caller, path: string, row: Row, method: string): number {
  if (row.access === 'public') return 200;
  if (unauthenticated(caller)) return 401;
  // A token is bound to /api/mcp, /api/v1 or /v1 (RFC 8707): any other path refuses it as unknown.
  if (isOAuth(caller) && !/^\/(api\/mcp|api\/v1|v1)(\/|$)/.test(path)) return 401;
  if (isOAuth(caller) && row.access !== 'admin') {
    // An OAuth token's scopes come before anything else: the tool server needs `mcp`; a write
    // (anything but GET and a search) needs `write`, and never touches sign-in, account or billing.
    if (path === '/api/mcp') return 403;
    const reading = method === 'GET' || path.endsWith('/search');
    if (!reading && (caller === 'enterprise oauth read' || NOT_FOR_APPS.test(path))) return 403;
  }
  if (row.access === 'user') return 200;
  if (row.access === 'admin') {
    if (caller === 'admin key') return THROUGH;
    return path.startsWith('/v1/') ? 404 : 403;
  }
  if (caller === 'admin key') return 200;
  if (caller === 'no subscription key') return 403;
  const features = row.features ?? [];
  // /api/v1 first: an API key needs `api`, a session any plan (/api/mcp: `mcp`, a row feature).
  if (path.startsWith('/api/v1/') && lacksApi(caller)) return 403;
  // Then the same content gates on both editions; a trial passes archive, projects, wat as a preview.
  if (entitled(caller, features) === 'refused') return 403;
  return row.anyOf && !row.anyOf.some((f) => FULL[caller].includes(f)) ? 403 : 200;
}

let h: Harness;
const who = new Map<Caller, TestIdentity>();
const auth = new Map<Caller, Record<string, string>>();
const oauth = new Map<Caller, Awaited<ReturnType<typeof oauthTokens>>>();

/** The Authorization of `caller` for a request to `url`: an OAuth caller's token for that resource. */
function authFor(caller: Caller, url: string): Record<string, string> {
  const tokens = oauth.get(caller);
  if (!tokens) return auth.get(caller)!;
  return url.startsWith('/api/mcp') ? tokens['/api/mcp'] : url.startsWith('/api/') ? tokens['/api/v1'] : tokens['/v1'];
}
let userA: TestIdentity;
let userB: TestIdentity;
const ids: Record<string, string> = {};
type Op = { operationId: string; method: string; path: string; row: Row | undefined };
const described: Op[] = [];
const ops: Op[] = [];

before(async () => {
  h = await startHarness({ sample: true });
  const make = (opts: Parameters<Harness['identity']>[0]) => h.identity(opts);
  const core = await make({ plan: 'core' });
  const trial = await make({ plan: 'trial' });
  const enterprise = await make({ plan: 'enterprise' });
  const identities: [Caller, TestIdentity, 'key' | 'session'][] = [
    ['no subscription key', await make({}), 'key'],
    ['core key', core, 'key'],
    ['core session', core, 'session'],
    ['core + mcp key', await make({ plan: 'core', addons: ['mcp'] }), 'key'],
    ['trial key', trial, 'key'],
    ['trial session', trial, 'session'],
    ['professional key', await make({ plan: 'professional' }), 'key'],
    ['professional + wat key', await make({ plan: 'professional', addons: ['wat'] }), 'key'],
    ['enterprise key', enterprise, 'key'],
    ['enterprise session', enterprise, 'session'],
    ['admin key', await make({ admin: true }), 'key'],
  ];
  // OAuth callers: an enterprise user each (their quota is the user's), one token per resource.
  for (const [caller, scope] of [['enterprise oauth read', 'read'], ['enterprise oauth read+write', 'read write']] as const) {
    const person = await make({ plan: 'enterprise' });
    who.set(caller, person);
    oauth.set(caller, await oauthTokens(h, person, scope));
  }
  auth.set('none', {});
  auth.set('bad JWT', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad' });
  auth.set('bad key', { authorization: `Bearer svc_live_${'x'.repeat(43)}` });
  for (const [caller, identity, kind] of identities) {
    who.set(caller, identity);
    auth.set(caller, kind === 'key' ? identity.keyAuth : identity.sessionAuth);
  }
  userA = await make({ plan: 'enterprise' });
  userB = await make({ plan: 'enterprise' });
  const latest = await latestArticle(h);
  ids.article = latest.id;
  ids.edition = latest.edition_id;
  ids.editionNumber = String(latest.number);
  ids.project = (await heathrowProject(h)).id;
  ids.tender = (await h.database.db.selectFrom('tenders').select('id').orderBy('reference').executeTakeFirstOrThrow()).id;
  ids.company = (await h.database.db.selectFrom('companies').select('slug').orderBy('name').executeTakeFirstOrThrow()).slug; // issue 30
  ids.media = (await h.database.db.selectFrom('media_assets').select('id').orderBy('filename').executeTakeFirstOrThrow()).id; // issue 12: sample imagery

  const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200, 'GET /openapi.json');
  const spec = res.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const operationId = op.operationId ?? `(no operationId: ${method.toUpperCase()} ${path})`;
      described.push({ operationId, method: method.toUpperCase(), path, row: TABLE[operationId] });
    }
  }
  ops.push(...described, ...UNDESCRIBED);
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
    .replace(/\/media\/\{id\}/, `/media/${ids.media}`)
    .replace(/\/companies\/\{ref\}/, `/companies/${ids.company}`)
    .replace('{ref}', 'LHR')
    .replace(/\/alert-rules\/\{id\}/, `/alert-rules/${unknown}`);
}

const call = (method: string, url: string, headers: Record<string, string>, row: Row) => {
  const write = method === 'POST' || method === 'PATCH' || method === 'PUT';
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...headers,
      ...(write ? { 'content-type': 'application/json' } : {}),
      ...(url.startsWith('/api/mcp') ? { accept: 'application/json, text/event-stream' } : {}),
    },
    ...(write ? { payload: JSON.stringify(row.body ?? {}) } : {}),
  });
};

/** A refusal `want` in the dialect of `path`: problem+json with `status` on /v1, `{error}` elsewhere. */
function assertRefusal(res: LightMyRequestResponse, want: number, path: string, what: string): void {
  if (path.startsWith('/v1/')) {
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/, what);
    const body = res.json() as { status: number; title: string; detail: string };
    assert.equal(body.status, want, what);
    assert.equal(typeof body.title, 'string', what);
    assert.equal(typeof body.detail, 'string', what);
  } else {
    assert.match(String(res.headers['content-type']), /^application\/json/, what);
    const body = res.json() as { error: unknown };
    assert.deepEqual(Object.keys(body), ['error'], what);
    assert.equal(typeof body.error, 'string', what);
  }
}

describe('security matrix', () => {
  it('has a row for every operation of /openapi.json, and none for an operation that does not exist', () => {
    assert.ok(described.length >= 58, `${described.length} operations`);
    const known = new Set(described.map((o) => o.operationId));
    assert.deepEqual(described.filter((o) => !o.row).map((o) => `${o.operationId} ${o.method} ${o.path}`), [], 'operations without a row');
    assert.deepEqual(Object.keys(TABLE).filter((id) => !known.has(id)), [], 'rows without an operation');
    assert.deepEqual(UNDESCRIBED.filter((o) => known.has(o.operationId)).map((o) => o.operationId), [], 'described operations kept outside the table');
  });

  it('has an other-user check (or a reason for none) on every write of a user or subscriber', () => {
    const unchecked = ops.filter((o) => o.row && o.method !== 'GET' && ['user', 'subscriber'].includes(o.row.access) && !o.row.ownState && !o.row.shared);
    assert.deepEqual(unchecked.map((o) => `${o.operationId} ${o.method} ${o.path}`), [], 'per-user writes need ownState (kind owned) or a shared note');
    const flagOnWrite = ops.filter((o) => o.row?.ownState?.kind === 'flag' && o.method !== 'GET');
    assert.deepEqual(flagOnWrite.map((o) => o.operationId), [], 'a write checks A\'s state with kind owned');
  });

  it('answers every caller as the entitlements say, on every operation, in the edition\'s dialect, charging only metered calls', async () => {
    const charged = new Map<Caller, number>();
    for (const op of ops) {
      const row = op.row!;
      for (const caller of CALLERS) {
        const res = await call(op.method, concrete(op.path, row), authFor(caller, op.path), row);
        await row.cleanupEach?.(h);
        const want = expected(caller, op.path, row, op.method);
        const what = `${caller} → ${op.operationId} (${op.method} ${op.path}): ${res.statusCode} ${res.body.slice(0, 160)}`;
        const metered = op.path.startsWith('/api/v1/') && DAILY[caller] !== undefined && res.statusCode < 400;
        if (metered) {
          const n = (charged.get(caller) ?? 0) + 1;
          charged.set(caller, n);
          assert.equal(res.headers['ratelimit-limit'], String(DAILY[caller]), `RateLimit-Limit: ${what}`);
          assert.equal(res.headers['ratelimit-remaining'], String(DAILY[caller]! - n), `RateLimit-Remaining: ${what}`);
        } else {
          assert.equal(res.headers['ratelimit-limit'], undefined, `not metered: ${what}`);
        }
        if (want === THROUGH) {
          const refusals = row.roleChecked ? [401] : [401, 403];
          assert.ok(res.statusCode < 500 && !refusals.includes(res.statusCode), what);
          if (res.statusCode === 403) assertRefusal(res, 403, op.path, what);
          continue;
        }
        // A caller's own record (an alert rule) named by an id nobody owns: past the gates it is 404;
        // the owner's own access is checked by the other-user test.
        if (want === 200 && row.ownState?.kind === 'owned' && op.path.startsWith('/v1/alert-rules/{id}') && res.statusCode === 404) continue;
        // A create answers 201 (docs/conventions.md, Location on 201) where others answer 200.
        assert.equal(want === 200 && op.method === 'POST' && res.statusCode === 201 ? 200 : res.statusCode, want, what);
        if (want >= 400) {
          assertRefusal(res, want, op.path, what);
          // On /v1 a caller without any subscription is told the feature too, wherever the route has one.
          if (want === 403 && isOAuth(caller) && expected('enterprise session', op.path, row, op.method) !== 403) {
            // Refused for the token's scopes alone: the 403 says so in its challenge.
            assert.match(String(res.headers['www-authenticate']), /error="insufficient_scope"/, what);
          } else if (want === 403 && op.path.startsWith('/v1/') && (caller !== 'no subscription key' || (row.features?.length ?? 0) > 0)) {
            assert.match((res.json() as { detail: string }).detail, /feature "(archive|projects|wat|exports|api|mcp)"/, what);
          }
          if (want === 403 && op.path.startsWith('/api/v1/') && caller !== 'no subscription key' && row.access === 'subscriber' && !isOAuth(caller)) {
            // The reason is visible: the edition's own gate, or the content gate /v1 names too.
            const reason = lacksApi(caller) ? 'api' : '(archive|projects|wat|exports)';
            assert.match((res.json() as { error: string }).error, new RegExp(`feature "${reason}"`), what);
          }
        } else if (res.statusCode === 204) {
          assert.equal(res.body, '', `204 has no body: ${what}`);
        } else if (res.statusCode === 303) {
          assert.ok(res.headers.location, `303 says where: ${what}`);
        } else if (op.path.endsWith('/export')) {
          assert.match(String(res.headers['content-type']), /^text\/csv/, what);
        } else if (op.operationId === 'v1GetMediaBytes') {
          assert.match(String(res.headers['content-type']), /^image\//, what);
        } else {
          assert.match(String(res.headers['content-type']), /^application\/json/, what);
        }
      }
      await row.cleanup?.(h);
    }
    for (const caller of CALLERS.filter((c) => DAILY[c] !== undefined && isOAuth(c))) {
      const used = await h.database.db.selectFrom('oauth_usage_counters').select('count')
        .where('user_id', '=', who.get(caller)!.userId).where('day', '=', h.clock.now().toISOString().slice(0, 10)).executeTakeFirst();
      assert.equal(used?.count ?? 0, charged.get(caller) ?? 0, `${caller}: units charged to the user on the clock's UTC day`);
    }
    for (const caller of CALLERS.filter((c) => DAILY[c] !== undefined && !isOAuth(c))) {
      const used = await h.database.db.selectFrom('usage_counters').innerJoin('api_keys', 'api_keys.id', 'usage_counters.api_key_id')
        .select('count').where('api_keys.user_id', '=', who.get(caller)!.userId).where('day', '=', h.clock.now().toISOString().slice(0, 10)).executeTakeFirst();
      assert.equal(used?.count ?? 0, charged.get(caller) ?? 0, `${caller}: units charged on the clock's UTC day`);
    }
    assert.ok((charged.get('trial key') ?? 0) < DAILY['trial key']!, 'the trial key stays under its quota (else the matrix would see 429)');
  });

  it('hides the /v1/admin scope from non-administrators (404 problem+json) and refuses /api/v1/admin (403 {error})', async () => {
    for (const caller of CALLERS.filter((c) => !unauthenticated(c) && c !== 'admin key')) {
      const hidden = await h.app.inject({ method: 'GET', url: '/v1/admin/anything', headers: authFor(caller, '/v1/admin/anything') });
      assert.equal(hidden.statusCode, 404, `${caller} GET /v1/admin/anything: ${hidden.body.slice(0, 160)}`);
      assertRefusal(hidden, 404, '/v1/admin/anything', caller);
      const refused = await h.app.inject({ method: 'GET', url: '/api/v1/admin/anything', headers: authFor(caller, '/api/v1/admin/anything') });
      assert.equal(refused.statusCode, 403, `${caller} GET /api/v1/admin/anything: ${refused.body.slice(0, 160)}`);
      assertRefusal(refused, 403, '/api/v1/admin/anything', caller);
    }
  });

  it('shows a user\'s per-user flags to that user only (the other-user caller, flag rows)', async () => {
    const rows = ops.filter((o) => o.row?.ownState?.kind === 'flag');
    assert.ok(rows.length >= 6, `${rows.length} operations with per-user flags`);
    const setUp = new Map<FlagState['setup'], string>();
    for (const op of rows) {
      const row = op.row!;
      const own = row.ownState as FlagState;
      if (!setUp.has(own.setup)) setUp.set(own.setup, await own.setup(h, userA));
      const recordId = setUp.get(own.setup)!;
      const url = `${concrete(op.path, row)}${own.query ? `?${own.query}` : ''}`;
      const flags = async (user: TestIdentity) => {
        const res = await call(op.method, url, user.keyAuth, row);
        assert.equal(res.statusCode, 200, `${op.operationId}: ${res.body.slice(0, 200)}`);
        return findRecords(res.json(), recordId).map((r) => r[own.flag]);
      };
      const ofA = await flags(userA);
      assert.ok(ofA.length > 0, `${op.operationId}: A's record ${recordId} is in the answer`);
      assert.ok(ofA.every((f) => f === true), `${op.operationId}: A sees ${own.flag}: ${JSON.stringify(ofA)}`);
      const ofB = await flags(userB);
      assert.ok(ofB.length > 0 && ofB.every((f) => f === false), `${op.operationId}: B does not see A's ${own.flag}: ${JSON.stringify(ofB)}`);
    }
  });

  it('keeps a user\'s own records from everyone else: 404 to user B, nothing changed (the other-user caller, owned rows)', async () => {
    const rows = ops.filter((o) => o.row?.ownState?.kind === 'owned');
    for (const op of rows) {
      const row = op.row!;
      const own = row.ownState as OwnedState;
      const params = await own.setup(h, userA);
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = params[name];
        assert.ok(value, `${op.operationId}: setup names no {${name}}`);
        return value;
      });
      const before = await own.snapshot(h, userA);
      const asB = await call(op.method, url, userB.keyAuth, row);
      const want = own.otherStatus ?? 404;
      const what = `B → ${op.operationId} (${op.method} ${url}): ${asB.statusCode} ${asB.body.slice(0, 160)}`;
      assert.equal(asB.statusCode, want, what);
      if (want >= 400) assertRefusal(asB, want, op.path, what);
      assert.deepEqual(await own.snapshot(h, userA), before, `${op.operationId}: A's state is unchanged after B's call`);
      const asA = await call(op.method, url, userA.keyAuth, row);
      assert.ok(asA.statusCode < 400, `A → ${op.operationId} (${op.method} ${url}): ${asA.statusCode} ${asA.body.slice(0, 160)}`);
    }
  });
});

/**
 * One decision of a gate, comparable across editions: the status, the reason of a refusal (the
 * feature named, or `subscription`) and what an answer held (record ids of a list, the number of
 * CSV records of an export). The /api/v1 total of a list is checked apart (/v1 has none).
 */
interface Decision { status: number; reason?: string; rows?: string[]; records?: number }

/** The refusal reason in a message: `feature "x"` → x; no subscription → `subscription`. */
const reasonOf = (message: string): string => /feature "(\w+)"/.exec(message)?.[1] ?? (/no active subscription/.test(message) ? 'subscription' : message);

/** The decision an answer of either edition shows (`body` parsed JSON, or CSV text). */
function decisionOf(pair: GatePair, status: number, body: unknown): Decision {
  if (status >= 400) {
    const b = body as { error?: string; detail?: string };
    return { status, reason: reasonOf(b.detail ?? b.error ?? '') };
  }
  if (pair.kind === 'csv') return { status, ...(typeof body === 'string' ? { records: (parse(body, { columns: true }) as unknown[]).length } : {}) };
  if (pair.kind === 'read') return { status };
  const list = (body as { data?: { id: string }[] }).data ?? (Object.values(body as object)[0] as { id: string }[]);
  return { status, rows: list.map((r) => r.id) };
}

describe('the entitlement matrix: the same decision for the same caller on both editions (and MCP), for every gate', () => {
  const parityCallers = CALLERS.filter((c) => !unauthenticated(c));
  const url = (template: string) => template.replace('{project}', ids.project!).replace('{tender}', ids.tender!);
  const PREVIEW_ROWS: Partial<Record<Feature, number>> = { projects: 5, wat: 3 };

  /** call_api through the MCP endpoint (in-process, like a client): the decision /api/v1 gave the tool. */
  async function viaMcp(caller: Caller, pair: GatePair): Promise<Decision> {
    const [path, qs] = url(pair.apiV1).split('?');
    const query = Object.fromEntries(new URLSearchParams(qs ?? ''));
    const args = { method: 'GET', path, ...(qs ? { query } : {}), ...(pair.kind === 'list' ? { fields: ['id'], max_items: 100 } : {}) };
    const res = await h.app.inject({
      method: 'POST', url: '/api/mcp',
      headers: { ...auth.get(caller)!, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_api', arguments: args } }),
    });
    assert.equal(res.statusCode, 200, `${caller} MCP ${pair.apiV1}: ${res.body.slice(0, 200)}`);
    const result = (res.json() as { result: { structuredContent: { status: number; body?: unknown; text?: string } } }).result.structuredContent;
    return decisionOf(pair, result.status, pair.kind === 'csv' && result.status < 400 ? undefined : result.body);
  }

  it('agrees on every gate pair for every kind of caller; /api/v1 refuses a key without `api` for that reason first', async () => {
    const latest = Number(ids.editionNumber);
    const seen = new Set<string>();
    for (const pair of GATE_PAIRS) {
      for (const caller of parityCallers) {
        const what = `${caller} · ${pair.gate}: ${pair.apiV1} vs ${pair.v1}`;
        const v1Res = await h.app.inject({ method: 'GET', url: url(pair.v1), headers: authFor(caller, pair.v1) });
        const apiRes = await h.app.inject({ method: 'GET', url: url(pair.apiV1), headers: authFor(caller, pair.apiV1) });
        const body = (res: LightMyRequestResponse) => (/^text\/csv/.test(String(res.headers['content-type'])) ? res.body : res.json());
        const v1: Decision = decisionOf(pair, v1Res.statusCode, body(v1Res));
        const api = decisionOf(pair, apiRes.statusCode, body(apiRes));
        const v1Rows = v1.rows ?? [];
        const want = entitled(caller, pair.features);
        seen.add(`${pair.gate}:${want}`);

        // What the entitlements say, on /v1.
        if (want === 'refused') {
          // Without any subscription /v1 names the route's first feature too (seed 001, section 7; decision 0040).
          const missing = caller === 'no subscription key' ? pair.features[0] : pair.features.find((f) => !FULL[caller].includes(f) && !(isTrial(caller) && PREVIEWS.includes(f)));
          assert.deepEqual(v1, { status: 403, reason: missing }, what);
        } else {
          assert.equal(v1.status, 200, what);
        }
        const previewed = pair.features.find((f) => PREVIEW_ROWS[f] !== undefined);
        if (pair.kind === 'list' && want !== 'refused' && previewed) {
          const n = PREVIEW_ROWS[previewed]!;
          if (want === 'preview') assert.ok(v1Rows.length <= n, `${what}: at most ${n} rows in preview`);
          else assert.ok(v1Rows.length > n, `${what}: more than the preview's ${n} rows in full`);
        }

        // /api/v1: its own gate first, as a distinct reason; else exactly /v1's decision.
        if (lacksApi(caller)) {
          assert.deepEqual(api, { status: 403, reason: 'api' }, what);
        } else {
          assert.deepEqual(api, v1, what);
          if (pair.kind === 'list' && api.status === 200) {
            const { data, meta } = apiRes.json() as { data: { edition_number?: number }[]; meta: { total: number; pages: number } };
            if (want === 'preview') {
              if (previewed) assert.deepEqual({ total: meta.total, pages: meta.pages }, { total: api.rows!.length, pages: 1 }, `${what}: meta of a preview`);
              else assert.ok(data.every((a) => a.edition_number === latest), `${what}: the archive preview is the latest published edition`);
            } else if (pair.gate === 'archive') {
              assert.ok(data.some((a) => a.edition_number !== latest), `${what}: older editions in full`);
            }
          }
        }

        // MCP's call_api calls /api/v1 in-process: the same decision as /v1 for a caller with `mcp`
        // (an export's CSV text is cut to the tool's result budget, so only its status counts).
        if (FULL[caller].includes('mcp') && !isSession(caller) && !isOAuth(caller)) {
          const { records: _cut, ...expected } = v1 as Decision;
          assert.deepEqual(await viaMcp(caller, pair), expected, `MCP ${what}`);
        }
      }
    }
    for (const gate of ['archive', 'projects', 'wat', 'exports']) {
      assert.ok(seen.has(`${gate}:full`) && seen.has(`${gate}:refused`), `gate ${gate} seen allowed and refused: ${[...seen].join(' ')}`);
      if (gate !== 'exports') assert.ok(seen.has(`${gate}:preview`), `gate ${gate} seen in preview`);
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

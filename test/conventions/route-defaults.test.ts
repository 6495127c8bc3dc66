/**
 * Route defaults per scope (src/http/route-defaults.ts, decision 0057): a route states only what is
 * particular to it; `security` and the error answers its scope shares are filled in from the scope
 * and the route's declared access. Proven twice: on routes registered for the test in a bare
 * Fastify instance (each rule, and that what a route declares wins), and on the service's own
 * description (every operation lists what its scope can answer, and nothing its scope cannot).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { installRouteDefaults } from '../../src/http/route-defaults.js';
import { startHarness, type Harness } from '../helpers/harness.js';

type Schema = { security?: unknown; response?: Record<string, { description?: string }>; querystring?: unknown };

/** Registers `routes` behind the hook and returns each route's schema as the hook left it. */
async function schemasOf(routes: Partial<RouteOptions>[]): Promise<Map<string, Schema>> {
  const app: FastifyInstance = Fastify();
  installRouteDefaults(app);
  const seen = new Map<string, Schema>();
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') seen.set(`${String(route.method)} ${route.url}`, route.schema as Schema);
  });
  for (const route of routes) app.route({ handler: async () => ({}), ...route } as RouteOptions);
  await app.ready();
  await app.close();
  return seen;
}

const codes = (schema: Schema | undefined) => Object.keys(schema?.response ?? {}).sort();
const ok = { 200: { type: 'object' } };
const limitQuery = { type: 'object', properties: { limit: { type: 'integer', maximum: 200 } } };

describe('route defaults per scope (the hook)', () => {
  it('fills /v1 security and answers from the route\u2019s declared access', async () => {
    const s = await schemasOf([
      { method: 'GET', url: '/v1/plans-x', config: { access: 'public' }, schema: { response: ok } },
      { method: 'GET', url: '/v1/me-x', config: { access: 'user' }, schema: { response: ok } },
      { method: 'PATCH', url: '/v1/profile-x', config: { access: 'user' }, schema: { response: ok, body: { type: 'object' } } },
      { method: 'GET', url: '/v1/list-x', schema: { querystring: limitQuery, response: ok } },
      { method: 'POST', url: '/v1/auth/sign-in-x', config: { access: 'public', signIn: true, authLimit: {} }, schema: { response: ok, body: { type: 'object' } } },
    ] as never);
    assert.deepEqual(s.get('GET /v1/plans-x')?.security, []);
    assert.deepEqual(codes(s.get('GET /v1/plans-x')), ['200', '400', '500', '503']);
    assert.deepEqual(s.get('GET /v1/me-x')?.security, [{ bearerAuth: [] }]);
    assert.deepEqual(codes(s.get('GET /v1/me-x')), ['200', '400', '401', '500', '503'], 'a read that needs no plan cannot be refused with 403');
    assert.deepEqual(codes(s.get('PATCH /v1/profile-x')), ['200', '400', '401', '403', '413', '415', '500', '503'], 'a write may meet the CSRF check (403) and a body refusal (413, 415)');
    assert.deepEqual(codes(s.get('GET /v1/list-x')), ['200', '400', '401', '403', '422', '500', '503'], 'a subscriber\u2019s route: 403; a limit: 422');
    assert.deepEqual(s.get('POST /v1/auth/sign-in-x')?.security, []);
    assert.deepEqual(codes(s.get('POST /v1/auth/sign-in-x')), ['200', '400', '403', '413', '415', '429', '500', '503'], 'the Origin check (403) and the rate limit (429)');
  });

  it('gives /v1/admin its 404 and /api/v1 its whole shared set; what a route declares wins', async () => {
    const own = { description: 'The route\u2019s own 404' };
    const s = await schemasOf([
      { method: 'DELETE', url: '/v1/admin/things-x/:id', schema: { response: { ...ok, 409: { description: 'stale' } } } },
      { method: 'GET', url: '/v1/admin/things-x', schema: { querystring: limitQuery, response: { ...ok, 404: own } } },
      { method: 'GET', url: '/api/v1/things-x', schema: { response: ok } },
      { method: 'GET', url: '/elsewhere-x', schema: { response: ok } },
      { method: 'GET', url: '/v1/hidden-x', schema: { hide: true } },
    ] as never);
    assert.deepEqual(codes(s.get('DELETE /v1/admin/things-x/:id')), ['200', '400', '401', '404', '409', '500', '503']);
    assert.deepEqual(s.get('DELETE /v1/admin/things-x/:id')?.security, [{ bearerAuth: [] }]);
    assert.deepEqual(codes(s.get('GET /v1/admin/things-x')), ['200', '400', '401', '404', '422', '500', '503']);
    assert.equal(s.get('GET /v1/admin/things-x')?.response?.['404'], own, 'the route\u2019s own entry is kept');
    assert.deepEqual(codes(s.get('GET /api/v1/things-x')), ['200', '400', '401', '403', '404', '429', '4xx', '500', '503']);
    assert.equal(s.get('GET /elsewhere-x')?.security, undefined, 'outside both editions nothing is added');
    assert.deepEqual(codes(s.get('GET /elsewhere-x')), ['200']);
    assert.deepEqual(s.get('GET /v1/hidden-x')?.querystring, { type: 'object', properties: {}, additionalProperties: false }, 'no query schema: an empty strict one');
  });
});

describe('route defaults per scope (the service\u2019s description)', () => {
  let h: Harness;
  const operations: { key: string; path: string; method: string; op: { security?: unknown[]; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } }[] = [];
  before(async () => {
    h = await startHarness();
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, (typeof operations)[number]['op']>> };
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) operations.push({ key: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase(), op });
    }
  });
  after(() => h.close());

  it('lists 400, 500 and 503 on every operation of both editions, and 401 wherever a token is needed', () => {
    const editions = operations.filter((o) => o.path.startsWith('/v1/') || o.path.startsWith('/api/v1/'));
    assert.ok(editions.length > 150, `${editions.length} operations`);
    for (const { key, op } of editions) {
      for (const code of ['400', '500', '503']) assert.ok(op.responses[code], `${key} lists ${code}`);
      if (op.security?.length) assert.ok(op.responses['401'], `${key} needs a token and lists 401`);
      else assert.equal(op.responses['401'] === undefined || key === 'POST /v1/auth/sign-in', true, `${key} needs no token and lists no 401`);
    }
  });

  it('lists 422 on /v1 exactly where it can be given: a limit, or a POST (a reused Idempotency-Key)', () => {
    for (const { key, method, op } of operations.filter((o) => o.path.startsWith('/v1/'))) {
      const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit');
      const idempotent = method === 'POST' && (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
      assert.equal(op.responses['422'] !== undefined, paged || idempotent, `${key}: 422 listed iff limit or Idempotency-Key`);
    }
  });

  it('describes a gated operation\u2019s 403 from the gate its operation declares, and a plan without the feature gets it', async () => {
    const byKey = new Map(operations.map((o) => [o.key, o.op]));
    const description = (key: string) => (byKey.get(key)?.responses['403'] as { description?: string } | undefined)?.description ?? '';
    assert.match(description('GET /v1/projects'), /does not include `projects` \(in full or as a trial preview/);
    assert.match(description('GET /v1/projects/export'), /`projects`.*and `exports`/);
    assert.match(description('GET /v1/tenders'), /does not include `wat`/);
    const apiV1 = byKey.get('GET /api/v1/projects')?.responses['403'] as { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
    assert.match(apiV1.description ?? '', /`projects`/);
    assert.equal(apiV1.content?.['application/json']?.schema?.$ref, '#/components/schemas/ApiV1Error', 'the shared error body is referenced, not restated');
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { components: { schemas: Record<string, { description?: string }> } };
    assert.doesNotMatch(spec.components.schemas.ApiV1Error?.description ?? '', /does not include/, 'the shared component keeps its own description');
    const core = (await h.identity({ plan: 'core' })).sessionAuth;
    const refused = await h.app.inject({ method: 'GET', url: '/v1/tenders', headers: core });
    assert.equal(refused.statusCode, 403);
    assert.match(refused.json().detail, /wat|tender/i);
  });

  it('answers as its description says: an unknown parameter is 400 and a limit too high 422 on /v1, 404 to a non-administrator on /v1/admin', async () => {
    const reader = (await h.identity({ plan: 'professional' })).sessionAuth;
    const unknown = await h.app.inject({ method: 'GET', url: '/v1/me?colour=blue', headers: reader });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().errors[0].name, 'colour');
    const tooMany = await h.app.inject({ method: 'GET', url: '/v1/editions?limit=500', headers: reader });
    assert.equal(tooMany.statusCode, 422);
    assert.equal(tooMany.json().detail, 'validation failed');
    const admin = await h.app.inject({ method: 'GET', url: '/v1/admin/projects', headers: reader });
    assert.equal(admin.statusCode, 404);
  });
});

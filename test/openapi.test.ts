/**
 * The OpenAPI description is the contract: every registered route of both editions is in it (bar
 * the documentation and protocol routes listed below), every operation has a unique operationId
 * prefixed by its edition (`api…` for the envelope edition, `v1…` for the named-array one), a summary, typed parameters (limits with their default and maximum),
 * response schemas including its error responses in its edition's error dialect, and the security
 * scheme (none on the token-free routes). /docs renders it with assets served locally.
 * (That every response the suites receive validates against its schema is checked by the harness:
 * test/helpers/response-validation.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './helpers/harness.js';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
  description?: string;
  tags?: string[];
}
type Schema = Record<string, unknown>;
type Spec = {
  openapi: string;
  info: { description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, Schema> };
};

/** Registered routes that are deliberately not operations of the description, and why. */
const NOT_DESCRIBED: [RegExp, string][] = [
  [/^\/openapi\.json$/, 'the description itself'],
  [/^\/docs(\/|$)/, 'the rendered reference and its assets'],
  [/^\/api\/mcp$/, 'the MCP tool server: JSON-RPC over Streamable HTTP, described in docs/mcp.md'],
  [/^\/api\/unsubscribe\//, "the newsletter's one-click unsubscribe link: an HTML page for people"],
  [/^\/oauth\//, 'the OAuth authorization server (oidc-provider): protocol endpoints of their own RFCs, described in docs/oauth.md'],
  [/^\/\.well-known\//, 'OAuth metadata (RFC 8414, OpenID discovery, RFC 9728): documents of their own RFCs, docs/oauth.md'],
  [/^\*$/, 'the CORS preflight catch-all (OPTIONS *) of @fastify/cors: docs/conventions.md'],
];
const TOKEN_FREE = new Set(['GET /healthz', 'GET /livez', 'GET /readyz', 'GET /v1/plans', 'GET /v1/billing/config', 'GET /v1/billing/quote', 'POST /v1/billing/webhook', 'POST /v1/procurement-requests', 'POST /v1/account/invitations/{code}',
  // issue 25: signing in (no token yet; GET /v1/auth/session reads the cookie)
  'GET /v1/account/invitations/{code}', 'GET /v1/auth/session', 'POST /v1/auth/sign-up', 'POST /v1/auth/email-link', 'POST /v1/auth/email-link/verify',
  'POST /v1/auth/sign-in', 'POST /v1/auth/password-reset', 'POST /v1/auth/password-reset/complete', 'POST /v1/auth/sso/start', 'GET /v1/auth/sso/callback']);

let h: Harness;
let spec: Spec;
const operations: { key: string; path: string; op: Operation }[] = [];

before(async () => {
  h = await startHarness();
  const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  spec = res.json();
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) operations.push({ key: `${method.toUpperCase()} ${path}`, path, op });
  }
});
after(() => h.close());

/** The schema a `$ref` names (one level), else the schema itself. */
const resolve = (schema: Schema | undefined): Schema | undefined => {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? spec.components.schemas?.[ref.replace('#/components/schemas/', '')] : schema;
};

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI description', () => {
  it('is OpenAPI 3.1 with the bearer scheme', () => {
    assert.equal(spec.openapi, '3.1.0');
    assert.deepEqual(Object.keys(spec.components.securitySchemes), ['bearerAuth']);
  });

  it('describes every registered route of both editions', () => {
    const described = new Set(operations.map((o) => o.key));
    const routes = h.app.registeredRoutes;
    assert.ok(routes.length > 50, `${routes.length} routes registered`);
    const missing = routes
      .filter((r) => !NOT_DESCRIBED.some(([re]) => re.test(r.url)))
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`)
      .filter((key) => !described.has(key));
    assert.deepEqual(missing, []);
    for (const prefix of ['/api/v1/', '/v1/']) assert.ok(operations.some((o) => o.path.startsWith(prefix)), prefix);
  });

  it('gives every operation a unique operationId prefixed by its edition, and a summary', () => {
    const ids = operations.map((o) => o.op.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { key, path, op } of operations) {
      // The envelope edition (seed 000) also owns /api/admin/newsletter/send; /healthz is listed by seed 001.
      const prefix = path.startsWith('/api/') ? 'api' : 'v1';
      assert.match(op.operationId ?? '', new RegExp(`^${prefix}[A-Z]`), `${key} operationId ${op.operationId}`);
      assert.ok(op.summary && op.summary.length > 10, `${key} summary`);
    }
  });

  it('types every parameter; limits carry their default and maximum', () => {
    for (const { key, op } of operations) {
      for (const p of op.parameters ?? []) {
        assert.ok(p.schema && (p.schema.type || p.schema.anyOf || p.schema.enum), `${key} ${p.name} has a type`);
        if (p.name === 'limit') {
          assert.equal(typeof p.schema!.default, 'number', `${key} limit default`);
          assert.equal(typeof p.schema!.maximum, 'number', `${key} limit maximum`);
          if (key.includes(' /v1/')) assert.equal(p.schema!.maximum, 200, `${key} limit maximum 200`);
        }
        if (p.name === 'offset') assert.equal(p.schema!.default, 0, `${key} offset default`);
      }
    }
  });

  it('declares success and error responses in the edition dialect, and the security scheme', () => {
    for (const { key, path, op } of operations) {
      const codes = Object.keys(op.responses);
      // A redirect endpoint (the SSO callback) succeeds with 303 See Other.
      assert.ok(codes.some((c) => c.startsWith('2') || c === '303'), `${key} has a success response`);
      for (const code of codes) assert.ok(op.responses[code]!.content || code === '304' || code === '204' || code === '303', `${key} ${code} has a schema`); // 204, 303, 304: no body
      if (TOKEN_FREE.has(key)) {
        assert.deepEqual(op.security, [], `${key} needs no token`);
        continue;
      }
      // Admin operations need the `admin` role (an administrator's token; OpenAPI 3.1 roles).
      assert.deepEqual(op.security, [{ bearerAuth: path.includes('/admin/') ? ['admin'] : [] }], `${key} security`);
      for (const code of ['401', '500']) assert.ok(codes.includes(code), `${key} declares ${code}`);
      if (path.startsWith('/v1/')) {
        for (const code of codes.filter((c) => /^[45]/.test(c))) {
          const content = op.responses[code]!.content!;
          assert.deepEqual(Object.keys(content), ['application/problem+json'], `${key} ${code} is problem+json`);
          assert.deepEqual(resolve(content['application/problem+json']!.schema)?.required, ['type', 'title', 'status', 'detail']);
        }
        if (op.parameters?.some((p) => p.name === 'limit')) assert.ok(codes.includes('422'), `${key} declares 422`);
      }
    }
  });
});

describe('OpenAPI description for client generators', () => {
  const RECORDS = ['ApiV1Article', 'V1Article', 'ApiV1Project', 'V1Project', 'ApiV1Tender', 'V1Tender', 'ApiV1Edition', 'V1Edition', 'ApiV1Error', 'Problem', 'ProjectCreate', 'ProjectPatch'];

  it('names every record, input and error body once, as a component referenced with $ref', () => {
    const names = Object.keys(spec.components.schemas ?? {});
    for (const name of RECORDS) assert.ok(names.includes(name), `components.schemas.${name}`);
    const text = JSON.stringify(spec.paths);
    for (const name of RECORDS) assert.ok(text.includes(`"#/components/schemas/${name}"`), `${name} is referenced`);
    // The marker of src/http/schema.ts component() never reaches the published document.
    assert.ok(!JSON.stringify(spec).includes('x-component-name'));
    // A record is no longer inlined: the /v1 project answer is the component itself (the project
    // with its companies and mentions, V1ProjectDetail), the list's items the V1Project component.
    const project = spec.paths['/v1/projects/{id}']!.get!.responses['200']!.content!['application/json']!.schema;
    assert.deepEqual(project, { $ref: '#/components/schemas/V1ProjectDetail' });
    const list = spec.paths['/v1/projects']!.get!.responses['200']!.content!['application/json']!.schema as { properties: { projects: { items: unknown } } };
    assert.deepEqual(list.properties.projects.items, { $ref: '#/components/schemas/V1Project' });
    const problem = spec.paths['/v1/projects/{id}']!.get!.responses['404']!.content!['application/problem+json']!.schema;
    assert.deepEqual(problem, { $ref: '#/components/schemas/Problem' });
  });

  it('gives records and inputs an example that validates against them', () => {
    for (const name of ['ApiV1Article', 'V1Article', 'ApiV1Project', 'V1Project', 'ApiV1Tender', 'V1Tender', 'ApiV1Edition', 'Problem', 'ApiV1Error', 'ProjectCreate']) {
      const examples = spec.components.schemas![name]!.examples as unknown[] | undefined;
      assert.ok(examples?.length, `${name} has an example`);
    }
  });

  it('declares no parameter with a default as required (page, limit, offset are optional)', () => {
    let paging = 0;
    for (const { key, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' && p.schema?.default !== undefined) assert.notEqual(p.required, true, `${key} ${p.name}`);
        if (['page', 'limit', 'offset'].includes(p.name)) paging += 1;
      }
    }
    assert.ok(paging > 30, `${paging} paging parameters seen`);
  });

  it('describes every operation and every response', () => {
    for (const { key, op } of operations) {
      assert.ok(op.operationId, `${key} operationId`);
      assert.ok(op.description && op.description.length > 20, `${key} description`);
      for (const [code, response] of Object.entries(op.responses)) {
        assert.ok(response.description && response.description !== 'Default Response', `${key} ${code} description`);
      }
    }
  });

  it('separates the editions by tag, each tag described, and says which edition to choose', () => {
    const declared = new Map((spec.tags ?? []).map((t) => [t.name, t.description ?? '']));
    for (const { key, path, op } of operations) {
      assert.ok(op.tags?.length, `${key} has a tag`);
      for (const tag of op.tags!) {
        assert.match(tag, path.startsWith('/api/') ? /^\/api\/v1 · / : /^\/v1 · /, `${key} tag ${tag}`);
        assert.ok((declared.get(tag) ?? '').length > 10, `${tag} is declared with a description`);
      }
    }
    for (const tag of ['/api/v1 · Projects', '/v1 · Projects', '/api/v1 · Admin']) assert.ok(declared.has(tag), tag);
    assert.match(spec.info.description ?? '', /which to choose/i);
    assert.match(spec.info.description ?? '', /\/api\/v1/);
    const scheme = spec.components.securitySchemes.bearerAuth as { description: string };
    assert.match(scheme.description, /airport-intel keys create --email/);
    assert.match(scheme.description, /POST \/v1\/account\/api-keys/);
  });
});

describe('GET /docs', () => {
  it('serves the reference page and its script and style assets from this server', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    assert.ok(assets.some((a) => a.endsWith('swagger-ui-bundle.js')), `assets: ${assets.join(', ')}`);
    for (const asset of assets) {
      assert.ok(!/^https?:/.test(asset), `${asset} is local`);
      const url = asset.startsWith('/') ? asset : `/docs/${asset.replace(/^\.\//, '')}`;
      const res = await h.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.ok(res.body.length > 100, `${url} has content`);
    }
  });

  it('renders the same description as /openapi.json', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(Object.keys(res.json().paths), Object.keys(spec.paths));
    assert.deepEqual(res.json().tags, spec.tags, 'the edition tags and their guidance');
  });
});

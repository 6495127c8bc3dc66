/**
 * CORS per configuration (docs/conventions.md): off by default, listed origins, `*`. A preflight
 * never reaches authentication or the quota; listed origins may read public and authenticated
 * answers and the headers clients need.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../helpers/harness.js';

const APP = 'https://app.example';
const OTHER = 'https://evil.example';
const preflight = (url: string, origin: string, method = 'GET', headers = 'authorization') => ({
  method: 'OPTIONS' as const,
  url,
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

describe('CORS off (CORS_ORIGINS unset)', () => {
  let h: Harness;
  before(async () => { h = await startHarness(); });
  after(() => h.close());

  it('sends no Access-Control-Allow-Origin, public or authenticated', async () => {
    const pro = await h.identity({ plan: 'professional' });
    for (const req of [
      { url: '/v1/plans', headers: { origin: APP } },
      { url: '/api/v1/editions', headers: { origin: APP, ...pro.keyAuth } },
    ]) {
      const res = await h.app.inject({ method: 'GET', ...req });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    }
  });

  it('answers a preflight 404 without CORS headers, never 401', async () => {
    for (const url of ['/api/v1/editions', '/v1/editions', '/api/v1/admin/projects', '/v1/plans']) {
      const res = await h.app.inject(preflight(url, APP));
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      assert.equal(res.headers['access-control-allow-methods'], undefined);
      // An unknown route, in the error format of the path's edition.
      if (url.startsWith('/v1/')) assert.match(String(res.headers['content-type']), /^application\/problem\+json/, url);
      else assert.equal(typeof res.json<{ error: string }>().error, 'string', url);
    }
  });
});

describe('CORS with listed origins', () => {
  let h: Harness;
  before(async () => { h = await startHarness({ corsOrigins: [APP, 'http://localhost:5173'] }); });
  after(() => h.close());

  it('answers a preflight 204 without a token, with the methods and headers allowed', async () => {
    for (const [url, method] of [['/api/v1/editions', 'GET'], ['/api/v1/admin/projects', 'POST'], ['/v1/projects', 'GET'], ['/api/mcp', 'POST']] as const) {
      const res = await h.app.inject(preflight(url, APP, method, 'authorization, content-type, idempotency-key'));
      assert.equal(res.statusCode, 204, url);
      assert.equal(res.headers['access-control-allow-origin'], APP);
      assert.match(String(res.headers.vary), /Origin/);
      assert.equal(res.headers['access-control-allow-methods'], 'GET, HEAD, POST, PATCH, DELETE');
      assert.equal(res.headers['access-control-allow-headers'], 'Authorization, Content-Type, Idempotency-Key, X-Request-Id');
      assert.equal(res.headers['access-control-max-age'], '600');
      assert.equal(res.headers['www-authenticate'], undefined);
    }
  });

  it('does not charge the quota for a preflight', async () => {
    const core = await h.identity({ plan: 'core' });
    const before = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: core.keyAuth });
    await h.app.inject(preflight('/api/v1/editions', APP));
    await h.app.inject({ ...preflight('/api/v1/editions', APP), headers: { ...preflight('/api/v1/editions', APP).headers, ...core.keyAuth } });
    const next = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: core.keyAuth });
    assert.equal(Number(next.headers['ratelimit-remaining']), Number(before.headers['ratelimit-remaining']) - 1);
  });

  it('echoes a listed origin on public endpoints and exposes the headers clients read', async () => {
    for (const url of ['/v1/plans', '/v1/billing/config', '/healthz', '/openapi.json']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { origin: 'http://localhost:5173' } });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:5173');
      const exposed = String(res.headers['access-control-expose-headers']).split(', ');
      for (const name of ['Link', 'Location', 'RateLimit-Remaining', 'Retry-After', 'X-Request-Id', 'ETag', 'Idempotent-Replayed']) assert.ok(exposed.includes(name), name);
    }
  });

  it('echoes a listed origin on authenticated answers and on errors', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const ok = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: { origin: APP, ...pro.keyAuth } });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], APP);
    const denied = await h.app.inject({ method: 'GET', url: '/v1/editions', headers: { origin: APP } });
    assert.equal(denied.statusCode, 401);
    assert.equal(denied.headers['access-control-allow-origin'], APP);
  });

  it('gives an unlisted origin no Access-Control-Allow-Origin', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/plans', headers: { origin: OTHER } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    const pre = await h.app.inject(preflight('/api/v1/editions', OTHER));
    assert.notEqual(pre.statusCode, 401);
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    // A near miss is not a match: exact scheme, host and port.
    const near = await h.app.inject({ method: 'GET', url: '/v1/plans', headers: { origin: 'https://app.example:8443' } });
    assert.equal(near.headers['access-control-allow-origin'], undefined);
  });
});

describe('CORS with *', () => {
  let h: Harness;
  before(async () => { h = await startHarness({ corsOrigins: ['*'] }); });
  after(() => h.close());

  it('allows any origin, without credentials', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/plans', headers: { origin: OTHER } });
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-credentials'], undefined);
    const pre = await h.app.inject(preflight('/api/v1/editions', OTHER));
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
  });
});

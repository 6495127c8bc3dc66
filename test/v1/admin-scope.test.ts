/**
 * The /v1/admin and /api/v1/admin scopes (seed 001, section 5, point 5; seed 000, section 4): one
 * hook guards every path under each, known or unknown. /v1/admin answers 404 problem+json to an
 * authenticated non-administrator, exactly as to an unknown path; /api/v1/admin answers 403 {error}.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
let enterprise: TestIdentity;
let admin: TestIdentity;
before(async () => {
  h = await startHarness();
  pro = await h.identity({ plan: 'professional' });
  enterprise = await h.identity({ plan: 'enterprise' });
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('/v1/admin', () => {
  it('answers 404 problem+json to a professional and to an enterprise user, for any path under it', async () => {
    for (const who of [pro, enterprise]) {
      for (const url of ['/v1/admin/anything', '/v1/admin', '/v1/admin/editions?limit=5', '/v1/admin/a/b/c']) {
        for (const auth of [who.keyAuth, who.sessionAuth]) {
          const res = await get(url, auth);
          assert.equal(res.statusCode, 404, url);
          assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
          const body = res.json();
          assert.equal(body.status, 404);
          assert.equal(body.title, 'Not Found');
          assert.equal(body.detail, `No route GET ${url.split('?')[0]}`);
        }
      }
    }
  });

  it('asks for a token first (401), like every other /v1 path', async () => {
    const res = await get('/v1/admin/anything');
    assert.equal(res.statusCode, 401);
    assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
    // With the protected-resource metadata of /v1 (RFC 9728; docs/oauth.md).
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="airport-intel", resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/v1"');
  });

  it('lets an administrator in: an unknown admin path is a plain 404 problem', async () => {
    const res = await get('/v1/admin/anything', admin.keyAuth);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().detail, 'No route GET /v1/admin/anything');
  });
});

describe('/api/v1/admin', () => {
  it('answers 403 {error} to non-administrators on known and unknown paths, 404 to an administrator on an unknown one', async () => {
    for (const url of ['/api/v1/admin/editions', '/api/v1/admin/anything']) {
      const res = await get(url, pro.keyAuth);
      assert.equal(res.statusCode, 403, url);
      assert.deepEqual(Object.keys(res.json()), ['error']);
      assert.match(res.json().error, /administrators only/);
    }
    const known = await get('/api/v1/admin/editions', admin.keyAuth);
    assert.equal(known.statusCode, 200);
    const unknown = await get('/api/v1/admin/anything', admin.keyAuth);
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { error: 'No route GET /api/v1/admin/anything' });
  });
});

/**
 * OAuth 2.1 over HTTP (issue 28; docs/oauth.md): metadata (RFC 8414, RFC 9728), dynamic
 * registration, the code flow with PKCE and the person's consent, resource-bound tokens on both
 * editions and the tool server, refresh with rotation, revocation, connected apps, scopes, quota —
 * and every refusal the issue names.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOOSE_LIMITS } from '../helpers/auth.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { authorize, exchange, oauthTokens, pkce, refresh, registerClient, tokenRequest, type TestClient } from '../helpers/oauth.js';

const BASE = 'http://127.0.0.1:3999';
let h: Harness;
let pat: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true, publicBaseUrl: BASE, authRateLimits: LOOSE_LIMITS });
  pat = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A whole flow for `person`: client, code, tokens for `resource`. */
async function connect(person: TestIdentity, scope: string, resource: string): Promise<{ client: TestClient; access: string; refresh: string }> {
  const client = await registerClient(h);
  const { verifier, challenge } = pkce();
  const { back } = await authorize(h, client, person, { scope: `${scope} offline_access`, resources: [`${BASE}${resource}`], challenge });
  const tokens = await exchange(h, client, back.searchParams.get('code')!, verifier, `${BASE}${resource}`);
  return { client, access: tokens.access_token, refresh: tokens.refresh_token! };
}

describe('metadata', () => {
  it('publishes the authorization server (RFC 8414 and OpenID discovery) on the public base URL', async () => {
    for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await h.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, res.body);
      const meta = res.json() as Record<string, unknown>;
      assert.equal(meta.issuer, BASE);
      assert.equal(meta.authorization_endpoint, `${BASE}/oauth/authorize`);
      assert.equal(meta.token_endpoint, `${BASE}/oauth/token`);
      assert.equal(meta.registration_endpoint, `${BASE}/oauth/register`);
      assert.equal(meta.revocation_endpoint, `${BASE}/oauth/revoke`);
      assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(meta.token_endpoint_auth_methods_supported, ['none']);
    }
  });

  it('describes each protected resource (RFC 9728), and /api/mcp answers 401 pointing at it', async () => {
    for (const path of ['/api/mcp', '/api/v1', '/v1']) {
      const res = await h.app.inject({ method: 'GET', url: `/.well-known/oauth-protected-resource${path}` });
      assert.equal(res.statusCode, 200, res.body);
      const meta = res.json() as { resource: string; authorization_servers: string[]; scopes_supported: string[] };
      assert.equal(meta.resource, `${BASE}${path}`);
      assert.deepEqual(meta.authorization_servers, [BASE]);
      assert.ok(meta.scopes_supported.includes('read') && !meta.scopes_supported.includes('admin'));
    }
    const bare = await h.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource' });
    assert.equal((bare.json() as { resource: string }).resource, `${BASE}/api/mcp`);
    assert.equal((await h.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/elsewhere' })).statusCode, 404);
    const mcp = await h.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...mcpHeaders, host: '127.0.0.1:3999' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(mcp.statusCode, 401, mcp.body);
    assert.equal(mcp.headers['www-authenticate'], `Bearer realm="airport-intel", resource_metadata="${BASE}/.well-known/oauth-protected-resource/api/mcp"`);
  });
});

describe('the code flow', () => {
  it('registers, consents, exchanges with PKCE, calls /v1/me, refreshes (rotating) for /api/v1, revokes', async () => {
    const client = await registerClient(h, 'Flow app');
    const { verifier, challenge } = pkce();
    const { back, interaction } = await authorize(h, client, pat, { scope: 'read write offline_access', resources: [`${BASE}/v1`, `${BASE}/api/v1`], challenge });
    assert.deepEqual((interaction as { scopes: { scope: string }[] }).scopes.map((s) => s.scope), ['read', 'write']);
    assert.equal((interaction as { account: { email: string } }).account.email, pat.email);
    assert.equal((interaction as { client: { name: string } }).client.name, 'Flow app');
    assert.equal(`${back.origin}${back.pathname}`, client.redirectUri);
    assert.equal(back.searchParams.get('state'), 'state-1');
    assert.equal(back.searchParams.get('iss'), BASE);
    const tokens = await exchange(h, client, back.searchParams.get('code')!, verifier, `${BASE}/v1`);
    assert.match(tokens.access_token, /^[\w-]{43}$/);
    assert.ok(tokens.refresh_token);

    const me = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(tokens.access_token) });
    assert.equal(me.statusCode, 200, me.body);
    assert.deepEqual((me.json() as { scopes: string[] }).scopes, ['read', 'write']);
    assert.equal((me.json() as { user_id: string }).user_id, pat.userId);
    const keyMe = await h.app.inject({ method: 'GET', url: '/v1/me', headers: pat.keyAuth });
    assert.equal((keyMe.json() as { scopes: unknown }).scopes, null);

    // Bound to /v1: refused on /api/v1 (a token for another resource).
    const elsewhere = await h.app.inject({ method: 'GET', url: '/api/v1/editions/latest', headers: bearer(tokens.access_token) });
    assert.equal(elsewhere.statusCode, 401, elsewhere.body);
    assert.match(elsewhere.json().error, /not http:\/\/127\.0\.0\.1:3999\/api\/v1/);

    const api = await refresh(h, client, tokens.refresh_token!, `${BASE}/api/v1`);
    assert.notEqual(api.refresh_token, tokens.refresh_token, 'the refresh token rotates');
    const latest = await h.app.inject({ method: 'GET', url: '/api/v1/editions/latest', headers: bearer(api.access_token) });
    assert.equal(latest.statusCode, 200, latest.body);
    assert.equal(latest.headers['ratelimit-limit'], '10000', 'metered like a key, on the user\'s daily quota');
    const used = await h.database.db.selectFrom('oauth_usage_counters').select('count').where('user_id', '=', pat.userId).executeTakeFirst();
    assert.equal(used?.count, 1);
    const reused = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.clientId });
    assert.equal(reused.statusCode, 400, 'a rotated refresh token is spent');
    assert.equal((reused.json() as { error: string }).error, 'invalid_grant');

    const revoked = await h.app.inject({ method: 'POST', url: '/oauth/revoke', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token: api.access_token, client_id: client.clientId }).toString() });
    assert.equal(revoked.statusCode, 200, revoked.body);
    const after = await h.app.inject({ method: 'GET', url: '/api/v1/editions/latest', headers: bearer(api.access_token) });
    assert.equal(after.statusCode, 401, 'a token after revocation');
    const stored = await h.database.db.selectFrom('oauth_records').select('id').where('kind', '=', 'AccessToken').execute();
    assert.ok(stored.every((r) => r.id !== tokens.access_token), 'tokens are stored as their SHA-256 only');
  });

  it('refuses a replayed code and a wrong PKCE verifier', async () => {
    const client = await registerClient(h);
    const { verifier, challenge } = pkce();
    const { back } = await authorize(h, client, pat, { challenge, resources: [`${BASE}/v1`] });
    const code = back.searchParams.get('code')!;
    const wrong = await tokenRequest(h, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: pkce().verifier });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.equal((wrong.json() as { error: string }).error, 'invalid_grant');

    const second = await authorize(h, client, pat, { challenge, resources: [`${BASE}/v1`] });
    const code2 = second.back.searchParams.get('code')!;
    await exchange(h, client, code2, verifier);
    const replay = await tokenRequest(h, { grant_type: 'authorization_code', code: code2, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: verifier });
    assert.equal(replay.statusCode, 400, replay.body);
    assert.equal((replay.json() as { error: string }).error, 'invalid_grant');
  });

  it('refuses a redirect URI that was not registered, a resource that is not ours, and a plain PKCE challenge', async () => {
    const client = await registerClient(h);
    const q = (extra: Record<string, string>) => new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, scope: 'read', code_challenge: pkce().challenge, code_challenge_method: 'S256', ...extra });
    const bad = await h.app.inject({ method: 'GET', url: `/oauth/authorize?${q({ redirect_uri: 'https://evil.example/callback' })}` });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.equal(bad.headers.location, undefined, 'never redirected to an unregistered URI');
    const target = await h.app.inject({ method: 'GET', url: `/oauth/authorize?${q({ resource: 'https://elsewhere.example/api' })}` });
    assert.equal(target.statusCode, 303);
    assert.equal(new URL(target.headers.location as string).searchParams.get('error'), 'invalid_target');
    const plain = await h.app.inject({ method: 'GET', url: `/oauth/authorize?${q({ code_challenge_method: 'plain' })}` });
    assert.equal(new URL(plain.headers.location as string).searchParams.get('error'), 'invalid_request');
  });

  it('ends a denied consent with access_denied, and issues nothing', async () => {
    const client = await registerClient(h);
    const { back } = await authorize(h, client, pat, { decision: 'deny' });
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('code'), null);
    const grants = await h.database.db.selectFrom('oauth_records').select('id').where('kind', '=', 'Grant').where('payload', '@>', JSON.stringify({ clientId: client.clientId }) as never).execute();
    assert.equal(grants.length, 0);
  });

  it('lets only a signed-in person decide: an API key is 403, an unknown interaction 404', async () => {
    const client = await registerClient(h);
    const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, scope: 'read', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    const res = await h.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
    const uid = new URL(res.headers.location as string, BASE).searchParams.get('interaction')!;
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/oauth/interactions/${uid}`, headers: pat.keyAuth })).statusCode, 403);
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/oauth/interactions/${uid}` })).statusCode, 401);
    const unknown = await h.app.inject({ method: 'GET', url: '/v1/oauth/interactions/unknown-interaction-1', headers: pat.sessionAuth });
    assert.equal(unknown.statusCode, 404);
    assert.match(String(unknown.headers['content-type']), /problem\+json/);
  });
});

describe('scopes', () => {
  it('refuses a write with a read token (403 insufficient_scope) and lets read+write write its own state', async () => {
    const read = await connect(pat, 'read', '/v1');
    const article = await h.database.db.selectFrom('articles').select('id').where('kind', '=', 'article').executeTakeFirstOrThrow();
    const refused = await h.app.inject({ method: 'PUT', url: `/v1/articles/${article.id}/save`, headers: bearer(read.access) });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.match(String(refused.headers['www-authenticate']), /error="insufficient_scope"/);
    const write = await connect(pat, 'read write', '/v1');
    const saved = await h.app.inject({ method: 'PUT', url: `/v1/articles/${article.id}/save`, headers: bearer(write.access) });
    assert.ok(saved.statusCode < 300, saved.body);
    const key = await h.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: { ...bearer(write.access), 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(key.statusCode, 403, 'an app never mints itself an API key');
  });

  it('never grants admin to a non-administrator; an administrator\'s token without admin is a reader\'s', async () => {
    const asked = await connect(pat, 'read admin', '/v1');
    const me = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(asked.access) });
    assert.deepEqual((me.json() as { scopes: string[] }).scopes, ['read']);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/admin/editions', headers: bearer(asked.access) })).statusCode, 404);
    const admin = await h.identity({ admin: true });
    const plain = await connect(admin, 'read', '/api/v1');
    const refused = await h.app.inject({ method: 'GET', url: '/api/v1/admin/editions', headers: bearer(plain.access) });
    assert.equal(refused.statusCode, 403, refused.body);
    const full = await connect(admin, 'read admin', '/api/v1');
    const allowed = await h.app.inject({ method: 'GET', url: '/api/v1/admin/editions', headers: bearer(full.access) });
    assert.equal(allowed.statusCode, 200, allowed.body);
  });
});

describe('the tool server', () => {
  it('accepts a token for /api/mcp with the mcp scope: call_api reaches /api/v1 in-process, one unit per tool call', async () => {
    const tokens = await oauthTokens(h, pat, 'read mcp');
    const before = (await h.database.db.selectFrom('oauth_usage_counters').select('count').where('user_id', '=', pat.userId).executeTakeFirst())?.count ?? 0;
    const call = await h.app.inject({
      method: 'POST', url: '/api/mcp', headers: { ...mcpHeaders, ...tokens['/api/mcp'] },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_api', arguments: { method: 'GET', path: '/api/v1/editions/latest' } } }),
    });
    assert.equal(call.statusCode, 200, call.body);
    const result = (call.json() as { result: { isError?: boolean; structuredContent: { status: number } } }).result;
    assert.equal(result.isError ?? false, false, call.body.slice(0, 300));
    assert.equal(result.structuredContent.status, 200);
    const afterCall = (await h.database.db.selectFrom('oauth_usage_counters').select('count').where('user_id', '=', pat.userId).executeTakeFirst())?.count ?? 0;
    assert.equal(afterCall - before, 1, 'charged once per tool call');
    const v1Token = await h.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...mcpHeaders, ...tokens['/v1'] }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(v1Token.statusCode, 401, 'a /v1 token is refused at /api/mcp');
    const noMcp = await oauthTokens(h, pat, 'read');
    const refused = await h.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...mcpHeaders, ...noMcp['/api/mcp'] }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(refused.statusCode, 403, refused.body);
  });
});

describe('connected apps', () => {
  it('lists the apps with their scopes and last use; revoking one stops its tokens on their next request', async () => {
    const person = await h.identity({ plan: 'professional' });
    const app = await connect(person, 'read', '/v1');
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(app.access) })).statusCode, 200);
    const list = await h.app.inject({ method: 'GET', url: '/v1/account/connected-apps', headers: person.sessionAuth });
    assert.equal(list.statusCode, 200, list.body);
    const apps = (list.json() as { connected_apps: { client_id: string; name: string; scopes: string[]; resources: string[]; last_used_at: string | null }[] }).connected_apps;
    assert.equal(apps.length, 1);
    assert.equal(apps[0]!.client_id, app.client.clientId);
    assert.equal(apps[0]!.name, 'Test app');
    assert.deepEqual(apps[0]!.scopes, ['read']);
    assert.deepEqual(apps[0]!.resources, [`${BASE}/v1`]);
    assert.ok(apps[0]!.last_used_at, 'last used');
    const other = await h.identity({ plan: 'professional' });
    assert.equal((await h.app.inject({ method: 'DELETE', url: `/v1/account/connected-apps/${app.client.clientId}`, headers: other.sessionAuth })).statusCode, 404, 'another person\'s app');
    const revoked = await h.app.inject({ method: 'DELETE', url: `/v1/account/connected-apps/${app.client.clientId}`, headers: person.sessionAuth });
    assert.equal(revoked.statusCode, 204, revoked.body);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(app.access) })).statusCode, 401);
    const again = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: app.refresh, client_id: app.client.clientId });
    assert.equal(again.statusCode, 400, 'its refresh token is gone too');
    const empty = await h.app.inject({ method: 'GET', url: '/v1/account/connected-apps', headers: person.sessionAuth });
    assert.deepEqual((empty.json() as { connected_apps: unknown[] }).connected_apps, []);
  });
});

/**
 * OAuth in a real browser (issue 28; docs/oauth.md): a real client library (`openid-client`)
 * registers itself, sends Chromium to the authorization URL, the person signs in and allows the
 * app on /oauth/consent, and the client exchanges the code with PKCE, calls both editions,
 * refreshes and revokes; the official MCP TypeScript SDK client connects to /api/mcp from its URL
 * alone (the 401 → protected-resource metadata → registration → consent → tokens) and calls
 * search_api and call_api, one unit of the quota each; the connected-apps page disconnects an app.
 * axe checks both pages.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { BrowserContext, Page } from 'playwright-core';
import { assertAccessible, expectHeading, freePort, startBrowserService, type BrowserService } from './service.js';
import { LOOSE_LIMITS } from '../helpers/auth.js';
import type { TestIdentity } from '../helpers/harness.js';

let svc: BrowserService;
let person: TestIdentity;
let context: BrowserContext;
let page: Page;
/** The app's redirect URI: a small server of the test that answers 200; the test reads the code from the URL. */
let CALLBACK = '';
let appServer: http.Server;

before(async () => {
  appServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('back at the app'));
  const port = await freePort();
  await new Promise<void>((resolve) => appServer.listen(port, '127.0.0.1', resolve));
  CALLBACK = `http://127.0.0.1:${port}/callback`;
  svc = await startBrowserService({ sample: true, authRateLimits: LOOSE_LIMITS });
  person = await svc.h.identity({ plan: 'enterprise' });
  context = await svc.newContext();
  page = await context.newPage();
});
after(async () => {
  await context?.close();
  await svc?.close();
  appServer?.closeAllConnections();
  await new Promise((resolve) => appServer?.close(resolve));
});

/** Opens `url` (an authorization URL), signs in when asked, allows or denies; the URL the app gets back. */
async function consentInBrowser(url: string, decision: 'Allow' | 'Deny' = 'Allow'): Promise<URL> {
  await page.goto(url);
  // The consent page sends a signed-out person to /sign-in (and back afterwards).
  await expectHeading(page, /^(Sign in|Connect an app)$/);
  if (new URL(page.url()).pathname === '/sign-in') {
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Check your email').waitFor();
    await page.goto(await svc.mailedLink(person.email, /https?:\/\/\S+\/auth\/link\?token=[\w.~-]+/));
  }
  await page.waitForURL((u) => u.pathname === '/oauth/consent', { timeout: 15_000 });
  await expectHeading(page, 'Connect an app');
  await page.getByRole('button', { name: 'Allow' }).waitFor();
  await assertAccessible(page, '/oauth/consent');
  const back = page.waitForURL((u) => u.href.startsWith(CALLBACK), { timeout: 15_000 });
  await page.getByRole('button', { name: decision }).click();
  await back;
  return new URL(page.url());
}

describe('OAuth in the browser', () => {
  it('runs the whole flow with openid-client: register, consent, code + PKCE, /v1/me, /api/v1, refresh, revoke', async () => {
    const base = new URL(svc.baseUrl);
    const config = await oidc.dynamicClientRegistration(base, { client_name: 'Browser test app', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const params = new URLSearchParams({ redirect_uri: CALLBACK, scope: 'read write offline_access', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state });
    params.append('resource', `${svc.baseUrl}/v1`);
    params.append('resource', `${svc.baseUrl}/api/v1`);
    const back = await consentInBrowser(oidc.buildAuthorizationUrl(config, params).href);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state }, { resource: `${svc.baseUrl}/v1` });
    const me = await svc.call('/v1/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(me.status, 200);
    const body = (await me.json()) as { user_id: string; scopes: string[] };
    assert.deepEqual({ user: body.user_id, scopes: body.scopes }, { user: person.userId, scopes: ['read', 'write'] });

    const api = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource: `${svc.baseUrl}/api/v1` });
    const latest = await svc.call('/api/v1/editions/latest', { headers: { authorization: `Bearer ${api.access_token}` } });
    assert.equal(latest.status, 200);
    await oidc.tokenRevocation(config, api.access_token);
    const refused = await svc.call('/api/v1/editions/latest', { headers: { authorization: `Bearer ${api.access_token}` } });
    assert.equal(refused.status, 401, 'refused after revocation');
  });

  it('ends with access_denied when the person denies', async () => {
    const config = await oidc.dynamicClientRegistration(new URL(svc.baseUrl), { client_name: 'Denied app', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' }, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    const params = new URLSearchParams({ redirect_uri: CALLBACK, scope: 'read', code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()), code_challenge_method: 'S256', state: 's' });
    const back = await consentInBrowser(oidc.buildAuthorizationUrl(config, params).href, 'Deny');
    assert.equal(back.searchParams.get('error'), 'access_denied');
  });

  it('lets the official MCP SDK client connect from the URL alone and call both tools, one unit each', async () => {
    let client: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = '';
    let authorizationUrl: URL | undefined;
    const provider: OAuthClientProvider = {
      get redirectUrl() { return CALLBACK; },
      get clientMetadata() { return { client_name: 'MCP SDK test client', redirect_uris: [CALLBACK], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }; },
      clientInformation: () => client,
      saveClientInformation: (info) => { client = info; },
      tokens: () => tokens,
      saveTokens: (t) => { tokens = t; },
      redirectToAuthorization: (url) => { authorizationUrl = url; },
      saveCodeVerifier: (v) => { verifier = v; },
      codeVerifier: () => verifier,
    };
    const url = new URL(`${svc.baseUrl}/api/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await assert.rejects(new Client({ name: 'sdk-test', version: '1' }).connect(first), UnauthorizedError);
    assert.ok(authorizationUrl, 'the SDK was sent to the authorization server');
    assert.equal(authorizationUrl.searchParams.get('resource'), `${svc.baseUrl}/api/mcp`);
    const back = await consentInBrowser(authorizationUrl.href);
    await first.finishAuth(back.searchParams.get('code')!);
    assert.ok(tokens?.access_token);

    const mcp = new Client({ name: 'sdk-test', version: '1' });
    await mcp.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const used = async () => (await svc.h.database.db.selectFrom('oauth_usage_counters').select('count').where('user_id', '=', person.userId).executeTakeFirst())?.count ?? 0;
    const before = await used();
    const search = await mcp.callTool({ name: 'search_api', arguments: { query: 'latest edition' } });
    assert.ok(!search.isError, JSON.stringify(search).slice(0, 300));
    const call = await mcp.callTool({ name: 'call_api', arguments: { method: 'GET', path: '/api/v1/editions/latest' } });
    assert.ok(!call.isError, JSON.stringify(call).slice(0, 300));
    assert.equal((call.structuredContent as { status: number }).status, 200);
    assert.equal(await used() - before, 2, 'one unit per tool call');
    await mcp.close();
  });

  it('lists the connected apps and disconnects one: its tokens stop at their next request', async () => {
    const config = await oidc.dynamicClientRegistration(new URL(svc.baseUrl), { client_name: 'App to disconnect', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }, oidc.None(), { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const params = new URLSearchParams({ redirect_uri: CALLBACK, scope: 'read', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 's2' });
    const back = await consentInBrowser(oidc.buildAuthorizationUrl(config, params).href);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: 's2' });
    assert.equal((await svc.call('/v1/me', { headers: { authorization: `Bearer ${tokens.access_token}` } })).status, 200);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/account/connected-apps');
      await expectHeading(page, 'Connected apps');
      await page.getByRole('cell', { name: 'App to disconnect', exact: true }).waitFor();
      await assertAccessible(page, `/account/connected-apps at ${width} px`);
    }
    await page.getByRole('button', { name: 'Disconnect App to disconnect' }).click();
    await page.getByRole('status').filter({ hasText: 'The app is disconnected.' }).waitFor();
    await page.getByRole('cell', { name: 'App to disconnect', exact: true }).waitFor({ state: 'detached' });
    assert.equal((await svc.call('/v1/me', { headers: { authorization: `Bearer ${tokens.access_token}` } })).status, 401);
  });
});

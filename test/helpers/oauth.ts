/**
 * Helpers of the OAuth tests (test/oauth/, the security matrix): register a public client, run the
 * authorization code flow with PKCE over `app.inject` as a browser would (cookies kept between
 * hops, the person's consent given through `/v1/oauth/interactions/{uid}` with their session
 * token), exchange and refresh at the token endpoint.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Harness, TestIdentity } from './harness.js';

/** A registered public client. */
export interface TestClient {
  clientId: string;
  redirectUri: string;
}

/** Tokens of the token endpoint. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a public client (RFC 7591) with one redirect URI. */
export async function registerClient(h: Harness, name = 'Test app', redirectUri = 'http://127.0.0.1:5555/callback'): Promise<TestClient> {
  const res = await h.app.inject({
    method: 'POST', url: '/oauth/register', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return { clientId: (res.json() as { client_id: string }).client_id, redirectUri };
}

/** A cookie jar for inject. */
class Jar {
  readonly #cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.#cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  get header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** What {@link authorize} asks. */
export interface AuthorizeRequest {
  scope?: string;
  resources?: string[];
  challenge?: string;
  decision?: 'allow' | 'deny';
  redirectUri?: string;
}

/**
 * Runs an authorization request of `client` for `person` up to the redirect back to the app.
 * @returns the URL the app receives (with `code` or `error`), and the interaction's view
 */
export async function authorize(h: Harness, client: TestClient, person: TestIdentity, request: AuthorizeRequest = {}): Promise<{ back: URL; interaction: Record<string, unknown> }> {
  const jar = new Jar();
  const query = new URLSearchParams({
    client_id: client.clientId, response_type: 'code', redirect_uri: request.redirectUri ?? client.redirectUri,
    scope: request.scope ?? 'read', code_challenge: request.challenge ?? pkce().challenge, code_challenge_method: 'S256', state: 'state-1',
  });
  for (const r of request.resources ?? []) query.append('resource', r);
  let res = await h.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
  jar.take(res);
  assert.equal(res.statusCode, 303, res.body);
  const consent = new URL(res.headers.location as string, h.app.publicBaseUrl);
  assert.equal(consent.pathname, '/oauth/consent');
  const uid = consent.searchParams.get('interaction')!;
  const view = await h.app.inject({ method: 'GET', url: `/v1/oauth/interactions/${uid}`, headers: person.sessionAuth });
  assert.equal(view.statusCode, 200, view.body);
  const decided = await h.app.inject({ method: 'POST', url: `/v1/oauth/interactions/${uid}`, headers: { ...person.sessionAuth, 'content-type': 'application/json' }, payload: JSON.stringify({ decision: request.decision ?? 'allow' }) });
  assert.equal(decided.statusCode, 200, decided.body);
  let next = new URL((decided.json() as { redirect_to: string }).redirect_to);
  for (let hop = 0; hop < 5; hop++) {
    res = await h.app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: { cookie: jar.header } });
    jar.take(res);
    assert.ok([302, 303].includes(res.statusCode), `${next}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    next = new URL(res.headers.location as string, h.app.publicBaseUrl);
    if (!next.pathname.startsWith('/oauth/')) return { back: next, interaction: view.json() as Record<string, unknown> };
  }
  throw new Error('too many redirects at the authorization server');
}

/** POSTs a form to the token endpoint. */
export function tokenRequest(h: Harness, form: Record<string, string | string[]>): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return h.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
}

/** Exchanges `code` for tokens (asserting success). */
export async function exchange(h: Harness, client: TestClient, code: string, verifier: string, resource?: string): Promise<TokenSet> {
  const res = await tokenRequest(h, {
    grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, client_id: client.clientId, code_verifier: verifier, ...(resource ? { resource } : {}),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as TokenSet;
}

/** Refreshes (asserting success); the answer carries the rotated refresh token. */
export async function refresh(h: Harness, client: TestClient, refreshToken: string, resource?: string): Promise<TokenSet> {
  const res = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, ...(resource ? { resource } : {}) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as TokenSet;
}

/**
 * Access tokens of `person` for a fresh app granted `scope`, one per resource path (`/v1`,
 * `/api/v1`, `/api/mcp`): `{ '/v1': 'Bearer …', … }` as Authorization headers.
 */
export async function oauthTokens(h: Harness, person: TestIdentity, scope: string): Promise<Record<'/v1' | '/api/v1' | '/api/mcp', { authorization: string }>> {
  const client = await registerClient(h, `App with ${scope}`);
  const { verifier, challenge } = pkce();
  const paths = ['/v1', '/api/v1', '/api/mcp'] as const;
  const { back } = await authorize(h, client, person, { scope: `${scope} offline_access`, resources: paths.map((p) => `${h.app.publicBaseUrl}${p}`), challenge });
  let tokens = await exchange(h, client, back.searchParams.get('code')!, verifier, `${h.app.publicBaseUrl}/v1`);
  const out = { '/v1': { authorization: `Bearer ${tokens.access_token}` } } as Record<(typeof paths)[number], { authorization: string }>;
  for (const p of ['/api/v1', '/api/mcp'] as const) {
    tokens = await refresh(h, client, tokens.refresh_token!, `${h.app.publicBaseUrl}${p}`);
    out[p] = { authorization: `Bearer ${tokens.access_token}` };
  }
  return out;
}

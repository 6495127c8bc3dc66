/**
 * The authorization server (docs/oauth.md, decision 0052): `oidc-provider` configured for
 * OAuth 2.1 — authorization code with PKCE (S256 only), refresh tokens rotated on every use,
 * revocation (RFC 7009), dynamic registration of public clients (RFC 7591), resource indicators
 * (RFC 8707) binding each opaque access token to `/api/mcp`, `/api/v1` or `/v1` of the public base
 * URL. Its records live in the database (src/domain/oauth/adapter.ts). Its signing key and cookie
 * keys are derived from the session secret (HKDF), so every process agrees without new settings.
 *
 * Login and consent are the web app's: the interaction URL is `/oauth/consent?interaction=<uid>`,
 * which signs the person in (`/sign-in?return_to=…`) and finishes the interaction through
 * `/v1/oauth/interactions/{uid}` (src/http/v1/routes/oauth.ts).
 */
import crypto from 'node:crypto';
// Before oidc-provider: holds back its Node 20 runtime notice (see the module).
import { restoreConsoleWarn } from './hush-runtime-warning.js';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Clock } from '../../domain/clock.js';
import { systemCtx } from '../../domain/context.js';
import { databaseAdapter, isAdministrator, oauthAccountClaims, oauthResources, OAUTH_SCOPES } from '../../domain/oauth/index.js';

restoreConsoleWarn();

/** Where the authorization server's endpoints live (the issuer is the public base URL itself). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/session/end',
} as const;

/** Lifetimes in seconds (docs/oauth.md). */
export const OAUTH_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  RefreshToken: 30 * 24 * 60 * 60,
  Grant: 365 * 24 * 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * 24 * 60 * 60,
  IdToken: 60 * 60,
} as const;

/** 32 bytes of `secret` for `purpose` (HKDF-SHA-256). */
const derive = (secret: string, purpose: string): Buffer => Buffer.from(crypto.hkdfSync('sha256', secret, 'airport-intel oauth', purpose, 32));

/** The P-256 signing key (ID tokens) derived from `secret`, as a private JWK. */
function signingKey(secret: string): Record<string, string> {
  const d = derive(secret, 'signing key');
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const pub = ecdh.getPublicKey();
  const x = pub.subarray(1, 33).toString('base64url');
  const y = pub.subarray(33, 65).toString('base64url');
  const kid = crypto.createHash('sha256').update(pub).digest('base64url').slice(0, 16);
  return { kty: 'EC', crv: 'P-256', d: d.toString('base64url'), x, y, use: 'sig', alg: 'ES256', kid };
}

/** What the provider needs. */
export interface OAuthProviderOptions {
  db: Kysely<DB>;
  clock: Clock;
  /** The public base URL (no trailing slash): the issuer, and the base of the resources. */
  baseUrl: string;
  sessionSecret: string;
}

/** Builds the authorization server. */
export function createOAuthProvider(options: OAuthProviderOptions): Provider {
  const { baseUrl, db, clock } = options;
  const resources = oauthResources(baseUrl);
  const ctx = () => systemCtx(db, clock, 'oauth');
  const configuration: Configuration = {
    adapter: databaseAdapter(db, clock) as unknown as Configuration['adapter'],
    async findAccount(_ctx, sub) {
      const claims = await oauthAccountClaims(ctx(), sub);
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // read, write and mcp are also OpenID-level scopes, so a client may register with them (MCP clients
    // send the protected resource's `scopes_supported` as their `scope`); `admin` only ever comes with
    // a resource (getResourceServerInfo below), where it is dropped for anyone but an administrator.
    scopes: ['openid', 'offline_access', ...OAUTH_SCOPES.filter((s) => s !== 'admin')],
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    jwks: { keys: [signingKey(options.sessionSecret)] },
    cookies: { keys: [derive(options.sessionSecret, 'cookie key').toString('base64url')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    routes: OAUTH_ROUTES,
    ttl: OAUTH_TTL,
    interactions: { url: (_ctx, interaction) => `/oauth/consent?interaction=${encodeURIComponent(interaction.uid)}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      registrationManagement: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Without `resource`, the /v1 edition; a refresh without it keeps the one granted.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? `${baseUrl}/v1`,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (koa, resource) => {
          if (!resources.includes(resource)) throw new errors.InvalidTarget(`resource must be one of ${resources.join(', ')}`);
          // `admin` exists only for administrators: for anyone else it is dropped from the request
          // (so asking for it never blocks the flow; the consent page never offers it).
          const accountId = koa.oidc.session?.accountId ?? koa.oidc.account?.accountId;
          const admin = !accountId || (await isAdministrator(ctx(), accountId));
          const scope = OAUTH_SCOPES.filter((s) => s !== 'admin' || admin).join(' ');
          return { scope, audience: resource, accessTokenTTL: OAUTH_TTL.AccessToken, accessTokenFormat: 'opaque' };
        },
      },
    },
    discovery: { service_documentation: `${baseUrl}/docs` },
    async renderError(koa: KoaContextWithOIDC, out: Record<string, unknown>) {
      koa.type = 'html';
      const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      koa.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head><body><main><h1>This app's sign-in request cannot go on</h1><p>${esc(out.error)}: ${esc(out.error_description)}</p><p><a href="/">Go to airport-intel</a></p></main></body></html>`;
    },
  };
  const provider = new Provider(baseUrl, configuration);
  // Proxy mode: the routes (src/http/oauth/index.ts) set X-Forwarded-Host/-Proto to the public base
  // URL's, so endpoints, cookies (Secure on https) and redirects are the public ones behind any proxy.
  provider.proxy = true;
  return provider;
}

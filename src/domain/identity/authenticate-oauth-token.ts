/**
 * Authenticating an OAuth access token (docs/oauth.md): the service introspects its own
 * opaque tokens in the database (`oauth_records`, migration 0025), so a revoked token or grant is
 * refused by every process on its very next request.
 */
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { isOAuthScope, storedIdOf } from '../oauth/index.js';
import type { Authenticated } from './authenticated.js';
import { loadIdentityWithPeriod } from './load-identity.js';

/** What the authorization server stores of an access token (the fields read here). */
interface AccessTokenPayload {
  accountId?: string;
  clientId?: string;
  grantId?: string;
  scope?: string;
  aud?: string | string[];
  exp?: number;
}

/** A token's use is recorded on its grant at most this often (ms). */
const USE_GRANULARITY_MS = 60_000;

/**
 * Looks like an OAuth access token: the opaque tokens of the authorization server are 43
 * base64url characters (256 bits), never an API key (`svc_live_…`) nor a JWT (which has dots).
 */
export const looksLikeOAuthToken = (token: string): boolean => /^[\w-]{43}$/.test(token);

/**
 * The identity of an OAuth access token bound to `resource`.
 * @param resource the absolute URL of the resource the request is for (`<base>/v1`, …)
 * @param alsoFor another resource the token may be bound to (an in-process call from the MCP tool
 *   server to /api/v1 carries the `/api/mcp` token it was given)
 * @throws DomainError UNAUTHENTICATED for an unknown, expired or revoked token, or one bound to another resource
 */
export async function resolveOAuthToken(ctx: Ctx, token: string, resource: string, alsoFor?: string): Promise<Authenticated> {
  const row = await ctx.db.selectFrom('oauth_records').select(['payload', 'expires_at', 'consumed_at'])
    .where('kind', '=', 'AccessToken').where('id', '=', storedIdOf('AccessToken', token)).executeTakeFirst();
  const now = ctx.now();
  if (!row || row.consumed_at) throw unauthenticated('Unknown or revoked access token');
  const payload = row.payload as AccessTokenPayload;
  if ((row.expires_at && row.expires_at.getTime() <= now.getTime()) || (payload.exp && payload.exp * 1000 <= now.getTime())) {
    throw unauthenticated('The access token has expired: refresh it');
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
  if (!audiences.includes(resource) && !(alsoFor && audiences.includes(alsoFor))) {
    throw unauthenticated(`This access token is for ${audiences.join(', ') || 'no resource'}, not ${resource}`);
  }
  if (!payload.accountId || !payload.grantId || !payload.clientId) throw unauthenticated('Malformed access token');
  const grant = await ctx.db.selectFrom('oauth_records').select(['last_used_at'])
    .where('kind', '=', 'Grant').where('id', '=', payload.grantId).executeTakeFirst();
  if (!grant) throw unauthenticated('This app\'s access has been revoked');
  const loaded = await loadIdentityWithPeriod(ctx, payload.accountId, 'oauth');
  if (!loaded) throw unauthenticated('Unknown or revoked access token');
  if (!grant.last_used_at || now.getTime() - grant.last_used_at.getTime() >= USE_GRANULARITY_MS) {
    await ctx.db.updateTable('oauth_records').set({ last_used_at: now }).where('kind', '=', 'Grant').where('id', '=', payload.grantId).execute();
  }
  const scopes = new Set((payload.scope ?? '').split(' ').filter(isOAuthScope));
  const identity: Identity = {
    ...loaded.identity,
    isAdmin: loaded.identity.isAdmin && scopes.has('admin'),
    oauth: { clientId: payload.clientId, grantId: payload.grantId, scopes, resource: audiences[0]! },
  };
  return { identity, validUntil: row.expires_at, lastUsedAt: now };
}

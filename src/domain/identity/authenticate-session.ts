import { errors as joseErrors, jwtVerify } from 'jose';
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { earliest, type Authenticated } from './authenticated.js';
import { loadIdentityWithPeriod } from './load-identity.js';
import { ISSUER, keyOf } from './session-token.js';

/**
 * Verifies a session token and resolves the identity of its user.
 * @throws DomainError UNAUTHENTICATED for a malformed, badly signed, expired or revoked token.
 */
export async function authenticateSession(ctx: Ctx, secret: string, token: string): Promise<Identity> {
  return (await resolveSession(ctx, secret, token)).identity;
}

/**
 * {@link authenticateSession}, with how long the answer holds by the clock alone (the token's and
 * the session's expiry, the end of the subscription's period).
 * @throws DomainError UNAUTHENTICATED for a malformed, badly signed, expired or revoked token.
 */
export async function resolveSession(ctx: Ctx, secret: string, token: string): Promise<Authenticated> {
  let sid: unknown;
  let exp: number | undefined;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'], currentDate: ctx.now() });
    sid = payload.sid;
    sub = payload.sub;
    exp = payload.exp;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthenticated('Session token has expired');
    throw unauthenticated('Malformed or invalid token: send an API key (svc_live_…) or a session token');
  }
  if (typeof sid !== 'string' || !sub || !/^[0-9a-f-]{36}$/i.test(sid)) throw unauthenticated('Malformed session token');
  const session = await ctx.db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', sid)
    .executeTakeFirst();
  if (!session || session.user_id !== sub) throw unauthenticated('Unknown session');
  if (session.revoked_at) throw unauthenticated('This session has been revoked');
  if (session.expires_at.getTime() <= ctx.now().getTime()) throw unauthenticated('Session token has expired');
  const loaded = await loadIdentityWithPeriod(ctx, sub, 'session');
  if (!loaded) throw unauthenticated('Unknown session');
  const tokenEnd = exp === undefined ? null : new Date(exp * 1000);
  return { identity: loaded.identity, validUntil: earliest(tokenEnd, session.expires_at, loaded.periodEnd), lastUsedAt: null };
}

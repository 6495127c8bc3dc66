import { errors as joseErrors, jwtVerify } from 'jose';
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { loadIdentity } from './load-identity.js';
import { ISSUER, keyOf } from './session-token.js';

/**
 * Verifies a session token and resolves the identity of its user.
 * @throws DomainError UNAUTHENTICATED for a malformed, badly signed, expired or revoked token.
 */
export async function authenticateSession(ctx: Ctx, secret: string, token: string): Promise<Identity> {
  let sid: unknown;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'], currentDate: ctx.now() });
    sid = payload.sid;
    sub = payload.sub;
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
  const identity = await loadIdentity(ctx, sub, 'session');
  if (!identity) throw unauthenticated('Unknown session');
  return identity;
}

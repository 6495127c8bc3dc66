import { errors as joseErrors, jwtVerify } from 'jose';
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { earliest, type Authenticated } from './authenticated.js';
import { loadIdentityWithPeriod } from './load-identity.js';
import { ISSUER, keyOf, LAST_SEEN_GRANULARITY_MS, SESSION_IDLE_MS } from './session-token.js';

/**
 * Verifies a session token and resolves the identity of its user.
 * @throws DomainError UNAUTHENTICATED for a malformed, badly signed, expired or revoked token.
 */
export async function authenticateSession(ctx: Ctx, secret: string, token: string): Promise<Identity> {
  return (await resolveSession(ctx, secret, token)).identity;
}

/**
 * {@link authenticateSession}, with how long the answer holds by the clock alone (the token's and
 * the session's absolute and idle expiry, the end of the subscription's period) and when the
 * session's use was last recorded (its use is recorded now, to the minute).
 * @throws DomainError UNAUTHENTICATED for a malformed, badly signed, expired, idle-expired or revoked token.
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
    .select(['user_id', 'expires_at', 'revoked_at', 'idle_expires_at', 'last_seen_at'])
    .where('id', '=', sid)
    .executeTakeFirst();
  if (!session || session.user_id !== sub) throw unauthenticated('Unknown session');
  if (session.revoked_at) throw unauthenticated('This session has been revoked');
  const now = ctx.now().getTime();
  if (session.expires_at.getTime() <= now) throw unauthenticated('Session token has expired');
  if (session.idle_expires_at && session.idle_expires_at.getTime() <= now) throw unauthenticated('The session has expired after a period without use: sign in again');
  const loaded = await loadIdentityWithPeriod(ctx, sub, 'session');
  if (!loaded) throw unauthenticated('Unknown session');
  const use = await recordSessionUse(ctx, sid, session.last_seen_at, session.idle_expires_at !== null);
  const tokenEnd = exp === undefined ? null : new Date(exp * 1000);
  return {
    identity: { ...loaded.identity, sessionId: sid },
    validUntil: earliest(tokenEnd, session.expires_at, use.idleExpiresAt, loaded.periodEnd),
    lastUsedAt: use.lastSeenAt,
    idle: session.idle_expires_at !== null,
  };
}

/**
 * Records that session `sessionId` was used now: `last_seen_at` (and, for a session with an idle
 * expiry, `idle_expires_at` = now + 7 days) when the stored `lastSeenAt` is a minute old or more.
 * These columns bump no identity version (migration 0016).
 * @param idle whether the session has an idle expiry (a browser session)
 * @returns the `last_seen_at` now stored, and the idle expiry it implies (null: none; an upper
 *   bound when nothing was written, which is only ever earlier than the stored one)
 */
export async function recordSessionUse(ctx: Ctx, sessionId: string, lastSeenAt: Date | null, idle: boolean): Promise<{ lastSeenAt: Date; idleExpiresAt: Date | null }> {
  const now = ctx.now();
  if (lastSeenAt && now.getTime() - lastSeenAt.getTime() < LAST_SEEN_GRANULARITY_MS) {
    return { lastSeenAt, idleExpiresAt: idle ? new Date(lastSeenAt.getTime() + SESSION_IDLE_MS) : null };
  }
  const idleExpiresAt = idle ? new Date(now.getTime() + SESSION_IDLE_MS) : null;
  await ctx.db.updateTable('sessions').set({ last_seen_at: now, ...(idle ? { idle_expires_at: idleExpiresAt } : {}) }).where('id', '=', sessionId).execute();
  return { lastSeenAt: now, idleExpiresAt };
}

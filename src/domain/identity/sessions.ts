/**
 * In-app session tokens: a JWT (HS256, signed with the session secret) whose `sid` names a row of
 * `sessions`, so a session can be revoked and any server process can verify it.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Ctx, Identity } from '../context.js';
import { notFound, unauthenticated } from '../errors.js';
import { loadIdentity } from './load-identity.js';

const ISSUER = 'airport-intel';
/** Lifetime of a session: 30 days, in seconds. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * Opens a session for the user with `email` and returns its signed token.
 * @throws DomainError NOT_FOUND when no user has that email.
 */
export async function createSession(ctx: Ctx, secret: string, email: string): Promise<{ token: string; expiresAt: Date }> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound(`User ${email}`);
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + SESSION_TTL_SECONDS * 1000);
  const session = await ctx.db
    .insertInto('sessions')
    .values({ user_id: user.id, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(user.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, expiresAt };
}

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

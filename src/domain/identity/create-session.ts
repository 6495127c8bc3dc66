import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { mappingDatabaseErrors } from '../shared/database-errors.js';
import { csrfTokenOf, ISSUER, keyOf, SESSION_IDLE_MS, SESSION_TTL_SECONDS } from './session-token.js';

/** How a session was opened (`sessions.method`). */
export type SessionMethod = 'email_link' | 'password' | 'sso' | 'invitation' | 'sign_up' | 'password_reset' | 'cli';

/** Where a session is opened from: the client's address and user agent (shown in the session list). */
export interface ClientInfo {
  /** The client address as the HTTP layer sees it (`request.ip`, TRUST_PROXY applied). */
  ip: string | null;
  /** The `User-Agent` header, as sent (cut to 500 characters). */
  userAgent: string | null;
}

/** A session just opened. */
export interface OpenedSession {
  /** The signed session token (JWT with `sid`): the cookie's value or a Bearer token. */
  token: string;
  sessionId: string;
  /** The absolute expiry. */
  expiresAt: Date;
  /** The session's CSRF token (browser sessions send it in `X-CSRF-Token`). */
  csrfToken: string;
}

/**
 * Opens a session for user `userId` and signs its token. A `cookie` session also dies after
 * {@link SESSION_IDLE_MS} without use; a `bearer` one (the CLI, tests) only at its absolute expiry.
 * Call it inside the transaction of the sign-in it belongs to, if any.
 * @throws DomainError VALIDATION when the user is deleted meanwhile
 */
export async function openSession(
  ctx: Ctx,
  secret: string,
  input: { userId: string; kind: 'bearer' | 'cookie'; method: SessionMethod; client?: ClientInfo | undefined },
): Promise<OpenedSession> {
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + SESSION_TTL_SECONDS * 1000);
  const session = await mappingDatabaseErrors(() => ctx.db
    .insertInto('sessions')
    .values({
      user_id: input.userId, expires_at: expiresAt, created_at: issuedAt, kind: input.kind, method: input.method,
      ip: input.client?.ip?.slice(0, 100) ?? null, user_agent: input.client?.userAgent?.slice(0, 500) ?? null,
      last_seen_at: issuedAt, idle_expires_at: input.kind === 'cookie' ? new Date(issuedAt.getTime() + SESSION_IDLE_MS) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  const token = await new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(input.userId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, sessionId: session.id, expiresAt, csrfToken: csrfTokenOf(secret, session.id) };
}

/**
 * Opens a bearer session for the user with `email` and returns its signed token (the CLI's
 * `sessions create`, test helpers).
 * @throws DomainError NOT_FOUND when no user has that email; VALIDATION when the user is deleted meanwhile.
 */
export async function createSession(ctx: Ctx, secret: string, email: string): Promise<{ token: string; expiresAt: Date }> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound(`User ${email}`);
  const opened = await openSession(ctx, secret, { userId: user.id, kind: 'bearer', method: 'cli' });
  return { token: opened.token, expiresAt: opened.expiresAt };
}

import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { mappingDatabaseErrors } from '../shared/database-errors.js';
import { ISSUER, keyOf, SESSION_TTL_SECONDS } from './session-token.js';

/**
 * Opens a session for the user with `email` and returns its signed token.
 * @throws DomainError NOT_FOUND when no user has that email; VALIDATION when the user is deleted meanwhile.
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
  const session = await mappingDatabaseErrors(() => ctx.db
    .insertInto('sessions')
    .values({ user_id: user.id, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow());
  const token = await new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(user.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, expiresAt };
}

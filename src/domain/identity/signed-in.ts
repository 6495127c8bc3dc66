/**
 * The end of every sign-in (email link, password, reset, SSO, invitation): a new browser session
 * (a new session row at every sign-in: the cookie is rotated), its audit entry and what the
 * answer shows (docs/sessions.md).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { openSession, type ClientInfo, type OpenedSession, type SessionMethod } from './create-session.js';

/** The signed-in user as the answers show it. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
}

/** A completed sign-in: the user, the new browser session (token for the cookie, CSRF token) and where to go. */
export interface SignedIn {
  user: SignedInUser;
  session: OpenedSession;
  /** A safe same-origin path, or null (the app's start page). */
  returnTo: string | null;
}

/** The user `userId` as {@link SignedInUser}; undefined when there is none. */
export async function signedInUser(db: Kysely<DB>, userId: string): Promise<SignedInUser | undefined> {
  const row = await db.selectFrom('users as u').leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name', 'p.is_admin']).where('u.id', '=', userId).executeTakeFirst();
  return row ? { id: row.id, email: row.email, name: row.name, is_admin: row.is_admin === true } : undefined;
}

/** The user whose address is `email` (without case), if any. */
export function userByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'password_hash']).where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * Opens a browser session for `userId` and records the sign-in (audit `sign_in` on the session,
 * by the user, with the method, address and user agent). Call it inside the sign-in's transaction.
 */
export async function completeSignIn(
  trx: Kysely<DB>,
  ctx: Ctx,
  secret: string,
  input: { userId: string; method: SessionMethod; client: ClientInfo; returnTo: string | null },
): Promise<SignedIn> {
  const tctx = { ...ctx, db: trx };
  const session = await openSession(tctx, secret, { userId: input.userId, kind: 'cookie', method: input.method, client: input.client });
  await recordAudit(trx, ctx, {
    action: 'sign_in', entity: 'session', entityId: session.sessionId, actorUserId: input.userId,
    after: { method: input.method, ip: input.client.ip, user_agent: input.client.userAgent },
  });
  const user = await signedInUser(trx, input.userId);
  return { user: user!, session, returnTo: input.returnTo };
}

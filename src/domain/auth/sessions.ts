/**
 * A person's sessions: the browser's own state (`GET /v1/auth/session`), sign-out, the list of
 * sessions and ending one or all (`/v1/account/sessions`). Ending a session sets `revoked_at`,
 * which bumps the identity version (migration 0015), so every process refuses the session on its
 * very next request, remembered identities included (docs/decisions/0029).
 */
import type { Ctx } from '../context.js';
import { notFound, unauthenticated } from '../errors.js';
import { recordAudit } from '../audit/audit-log.js';
import { resolveSession } from '../identity/index.js';
import { csrfTokenOf } from '../identity/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import { signedInUser, type SignedInUser } from '../identity/index.js';

/** What `GET /v1/auth/session` shows. */
export type SessionState =
  | { authenticated: false }
  | { authenticated: true; user: SignedInUser; csrfToken: string; expiresAt: Date; sessionId: string };

/**
 * The state of the browser's session cookie: signed in (the user, the session's CSRF token and
 * expiry) or not (no cookie, or one that is malformed, expired, idle too long or revoked). Never
 * throws for a bad cookie.
 * @param token the cookie's value, if any
 */
export async function getSessionState(ctx: Ctx, secret: string, token: string | undefined): Promise<SessionState> {
  if (!token) return { authenticated: false };
  let sessionId: string;
  let userId: string;
  try {
    const resolved = await resolveSession(ctx, secret, token);
    sessionId = resolved.identity.sessionId!;
    userId = resolved.identity.userId;
  } catch {
    return { authenticated: false };
  }
  const session = await ctx.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
  const user = await signedInUser(ctx.db, userId);
  if (!session || !user) return { authenticated: false };
  return { authenticated: true, user, csrfToken: csrfTokenOf(secret, sessionId), expiresAt: session.expires_at, sessionId };
}

/** A session as listed. */
export interface SessionListing {
  id: string;
  /** The session the request came with. */
  current: boolean;
  /** A short description of the browser and system, from the User-Agent; null when unknown. */
  device: string | null;
  ip: string | null;
  method: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  /** The earlier of the absolute and the idle expiry. */
  expires_at: Date;
}

/** `Firefox on Linux`, `Chrome on Android`, … from a User-Agent string; null without one. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /OPR\//.test(userAgent) ? 'Opera' : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : /curl\//.test(userAgent) ? 'curl' : null;
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad|iOS/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

const requireUser = (ctx: Ctx) => {
  if (!ctx.identity) throw unauthenticated('Authentication required');
  return ctx.identity;
};

/**
 * The caller's live sessions (not revoked, not expired), most recently seen first.
 * @throws DomainError UNAUTHENTICATED
 */
export async function listSessions(ctx: Ctx): Promise<SessionListing[]> {
  const identity = requireUser(ctx);
  const now = ctx.now();
  const rows = await ctx.db.selectFrom('sessions').select(['id', 'user_agent', 'ip', 'method', 'created_at', 'last_seen_at', 'expires_at', 'idle_expires_at'])
    .where('user_id', '=', identity.userId).where('revoked_at', 'is', null).where('expires_at', '>', now)
    .where((eb) => eb.or([eb('idle_expires_at', 'is', null), eb('idle_expires_at', '>', now)]))
    .orderBy('last_seen_at', 'desc').orderBy('created_at', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id, current: r.id === identity.sessionId, device: describeDevice(r.user_agent), ip: r.ip, method: r.method,
    created_at: r.created_at, last_seen_at: r.last_seen_at,
    expires_at: r.idle_expires_at && r.idle_expires_at < r.expires_at ? r.idle_expires_at : r.expires_at,
  }));
}

/**
 * Ends one of the caller's sessions (`DELETE /v1/account/sessions/{id}`; the current one too).
 * Another user's, an unknown or an ended session is NOT_FOUND.
 * @throws DomainError UNAUTHENTICATED, NOT_FOUND
 */
export async function endSession(ctx: Ctx, sessionId: string): Promise<void> {
  const identity = requireUser(ctx);
  await writeTransaction(ctx, async (trx) => {
    const done = await trx.updateTable('sessions').set({ revoked_at: ctx.now() })
      .where('id', '=', sessionId).where('user_id', '=', identity.userId).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw notFound('Session');
    await recordAudit(trx, ctx, { action: 'sign_out', entity: 'session', entityId: sessionId });
  });
}

/**
 * Ends every session of the caller, the current one included ("sign out everywhere";
 * `DELETE /v1/account/sessions`).
 * @returns how many sessions ended
 * @throws DomainError UNAUTHENTICATED
 */
export async function endAllSessions(ctx: Ctx): Promise<number> {
  const identity = requireUser(ctx);
  return writeTransaction(ctx, async (trx) => {
    const ended = await trx.updateTable('sessions').set({ revoked_at: ctx.now() })
      .where('user_id', '=', identity.userId).where('revoked_at', 'is', null).returning('id').execute();
    await recordAudit(trx, ctx, { action: 'sign_out', entity: 'user', entityId: identity.userId, after: { sessions: ended.length, everywhere: true } });
    return ended.length;
  });
}

/**
 * Signs out: ends the session the caller came with (`POST /v1/auth/sign-out`). A caller that came
 * with an API key has no session to end (nothing happens).
 * @throws DomainError UNAUTHENTICATED
 */
export async function signOut(ctx: Ctx): Promise<void> {
  const identity = requireUser(ctx);
  if (!identity.sessionId) return;
  await writeTransaction(ctx, async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: ctx.now() }).where('id', '=', identity.sessionId!).where('revoked_at', 'is', null).execute();
    await recordAudit(trx, ctx, { action: 'sign_out', entity: 'session', entityId: identity.sessionId! });
  });
}

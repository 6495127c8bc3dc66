/**
 * In-app session tokens: a JWT (HS256, signed with the session secret) whose `sid` names a row of
 * `sessions`, so a session can be revoked and any server process can verify it
 * (create-session.ts, authenticate-session.ts). Browser sessions carry the same token in a cookie
 * and also die of inactivity (docs/sessions.md).
 */
import crypto from 'node:crypto';

/** The `iss` of every session token. */
export const ISSUER = 'airport-intel';
/** Lifetime of a session: 30 days, in seconds (the absolute expiry of a browser session too). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** A browser session unused this long (7 days, in ms) is over. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
/** A session's use (`last_seen_at`, the idle expiry) is recorded at most once a minute. */
export const LAST_SEEN_GRANULARITY_MS = 60_000;

/** The HS256 key of a secret. */
export const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * The CSRF token of a session: HMAC-SHA-256 of its id under the session secret (base64url). It is
 * bound to the session (another session's token does not fit) and needs no storage, so it survives
 * reloads (docs/decisions/0030).
 */
export const csrfTokenOf = (secret: string, sessionId: string): string =>
  crypto.createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');

/** True when `presented` is the CSRF token of `sessionId` (compared in constant time). */
export function csrfTokenFits(secret: string, sessionId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const want = Buffer.from(csrfTokenOf(secret, sessionId));
  const got = Buffer.from(presented);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

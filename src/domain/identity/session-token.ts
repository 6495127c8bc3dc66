/**
 * In-app session tokens: a JWT (HS256, signed with the session secret) whose `sid` names a row of
 * `sessions`, so a session can be revoked and any server process can verify it
 * (create-session.ts, authenticate-session.ts).
 */

/** The `iss` of every session token. */
export const ISSUER = 'airport-intel';
/** Lifetime of a session: 30 days, in seconds. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** The HS256 key of a secret. */
export const keyOf = (secret: string) => new TextEncoder().encode(secret);

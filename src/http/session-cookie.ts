/**
 * The browser session cookie and the CSRF rules of cookie-authenticated requests
 * (docs/sessions.md, docs/decisions/0030):
 * - the cookie `ai_session` (`__Host-ai_session` when PUBLIC_BASE_URL is https): `HttpOnly;
 *   SameSite=Lax; Path=/` (+ `Secure` on https), its value the session token (a JWT with `sid`),
 *   `Max-Age` the session's absolute expiry;
 * - a cookie-authenticated request with an unsafe method (anything but GET, HEAD, OPTIONS) must
 *   carry `X-CSRF-Token` (the HMAC of its session id) and, when it sends `Origin`, an origin of the
 *   service (PUBLIC_BASE_URL's, or one of CORS_ORIGINS); else 403 problem `csrf`;
 * - the sign-in endpoints, which have no session yet, check the `Origin` alone (login CSRF).
 * Requests that carry `Authorization` never read the cookie and are not affected.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/cookie';
import { DomainError } from '../domain/errors.js';
import type { ClientInfo, SignedIn, SsoOutcome } from '../domain/auth/index.js';
import { csrfTokenFits } from '../domain/auth/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The browser session cookie's name and whether it is `Secure` (from PUBLIC_BASE_URL). */
    sessionCookie: { name: string; secure: boolean };
    /** Origins whose pages may write with the cookie: PUBLIC_BASE_URL's and the listed CORS origins. */
    browserOrigins: ReadonlySet<string>;
  }
  interface FastifyContextConfig {
    /** /v1: a sign-in endpoint (no session yet): a foreign `Origin` is refused (login CSRF). */
    signIn?: boolean;
  }
}

/** Header of the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie settings of a service reached at `publicBaseUrl`. */
export function sessionCookieOf(publicBaseUrl: string): { name: string; secure: boolean } {
  const secure = publicBaseUrl.startsWith('https://');
  return { name: secure ? '__Host-ai_session' : 'ai_session', secure };
}

/** The origins allowed to write with the cookie. */
export function browserOriginsOf(publicBaseUrl: string, corsOrigins: readonly string[]): Set<string> {
  return new Set([new URL(publicBaseUrl).origin, ...corsOrigins.filter((o) => o !== '*').map((o) => new URL(o).origin)]);
}

/** The session cookie's value, if the request carries one. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[request.server.sessionCookie.name];
  return value ? value : undefined;
}

/** The client of a request: its address (TRUST_PROXY applied) and user agent. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' && ua ? ua : null };
}

/** Sets the session cookie of a sign-in. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  const { name, secure } = reply.server.sessionCookie;
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - reply.server.clock.now().getTime()) / 1000));
  reply.setCookie(name, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge });
  reply.header('cache-control', 'no-store');
}

/** Clears the session cookie (sign-out). */
export function clearSessionCookie(reply: FastifyReply): void {
  const { name, secure } = reply.server.sessionCookie;
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

/** The answer of a sign-in: sets the cookie and returns the body (`user`, `csrf_token`, `expires_at`, `return_to`). */
export function presentSignIn(reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookie(reply, signedIn.session.token, signedIn.session.expiresAt);
  return {
    user: signedIn.user,
    csrf_token: signedIn.session.csrfToken,
    expires_at: signedIn.session.expiresAt.toISOString(),
    return_to: signedIn.returnTo ?? '/',
  };
}

/**
 * The answer of the SSO callback: 303 to where the person was going, with the cookie set; or 303
 * to the sign-in page with `error=sso` and the reason.
 */
export function redirectAfterSso(reply: FastifyReply, outcome: SsoOutcome): FastifyReply {
  if (!outcome.ok) return reply.redirect(`/sign-in?error=sso&error_description=${encodeURIComponent(outcome.message)}`, 303);
  setSessionCookie(reply, outcome.signedIn.session.token, outcome.signedIn.session.expiresAt);
  return reply.redirect(outcome.signedIn.returnTo ?? '/', 303);
}

const csrfRefusal = (why: string) => new DomainError('FORBIDDEN', `Cross-site request refused (CSRF): ${why}`, { kind: 'csrf' });

/**
 * Refuses an `Origin` that is not the service's own.
 * @throws DomainError FORBIDDEN (kind `csrf`)
 */
export function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!request.server.browserOrigins.has(origin)) throw csrfRefusal(`the request comes from ${origin.slice(0, 100)}, not from this service's pages`);
}

/**
 * The CSRF check of a cookie-authenticated request of session `sessionId`: nothing for a safe
 * method; else the `Origin` (when sent) must be the service's and `X-CSRF-Token` the session's.
 * @throws DomainError FORBIDDEN (kind `csrf`)
 */
export function checkCsrf(request: FastifyRequest, sessionId: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  checkOrigin(request);
  const presented = request.headers[CSRF_HEADER];
  if (!csrfTokenFits(request.server.sessionSecret, sessionId, typeof presented === 'string' ? presented : undefined)) {
    throw csrfRefusal('send the session\'s token in X-CSRF-Token (GET /v1/auth/session gives it)');
  }
}

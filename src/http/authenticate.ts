/**
 * Reads `Authorization: Bearer <token>` and resolves the caller, for every face.
 * An API key (`svc_live_…`), a session token (JWT) or an OAuth access token bound to the
 * request's resource (RFC 8707: `/api/mcp`, `/api/v1` or `/v1` on the public base URL) is accepted; recent answers are remembered
 * while the identity version stands (src/domain/identity/authenticate-token.ts). Without an
 * `Authorization` header, the browser session cookie is read instead, and an unsafe request that
 * comes with it must pass the CSRF check (src/http/session-cookie.ts, docs/sessions.md).
 */
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../domain/context.js';
import { unauthenticated } from '../domain/errors.js';
import { authenticateToken, refuseReadOnlyWrite, type OAuthResource } from '../domain/identity/index.js';
import { refuseOutOfScope, resourcePathOf } from '../domain/oauth/index.js';
import { channelOf } from './internal-call.js';
import { checkCsrf, readSessionCookie } from './session-cookie.js';
import { ctxOf, versionsOf } from './types.js';

/**
 * The caller of `request`.
 * @throws DomainError UNAUTHENTICATED for a missing, malformed, unknown, expired or revoked token;
 *   FORBIDDEN for a write with a read-only API key, a call outside an OAuth token's scopes, or a
 *   cookie-authenticated write that fails the CSRF check
 */
export async function authenticateRequest(request: FastifyRequest): Promise<Identity> {
  const header = request.headers.authorization;
  if (!header) return authenticateCookie(request);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
  const token = match[1]!;
  const { identity: identityVersion } = await versionsOf(request);
  const identity = await authenticateToken(ctxOf(request), {
    token, sessionSecret: request.server.sessionSecret, identityVersion, cache: request.server.identityCache, resource: resourceOf(request),
  });
  bindCallerToLog(request, identity);
  // A read-only key: GET calls and searches only (a search is a route whose path ends in /search).
  const search = /\/search$/.test(request.routeOptions.url ?? '');
  refuseReadOnlyWrite(identity, { method: request.method, search });
  // An OAuth access token: only what its scopes allow (docs/oauth.md).
  refuseOutOfScope(identity, { method: request.method, path: request.url, search });
  return identity;
}

/**
 * The resource `request` is for, as an OAuth access token must be bound to it; an in-process call
 * of the MCP tool server also accepts the `/api/mcp` token its caller presented.
 */
function resourceOf(request: FastifyRequest): OAuthResource | undefined {
  const path = resourcePathOf(request.url);
  if (!path) return undefined;
  const base = request.server.publicBaseUrl;
  return { url: `${base}${path}`, ...(path === '/api/v1' && channelOf(request) === 'mcp' ? { alsoFor: `${base}/api/mcp` } : {}) };
}

/**
 * The caller of a request without `Authorization`: the session of its browser cookie, after the
 * CSRF check of an unsafe method.
 * @throws DomainError UNAUTHENTICATED (no cookie, or a bad, ended or expired session), FORBIDDEN (CSRF)
 */
async function authenticateCookie(request: FastifyRequest): Promise<Identity> {
  const token = readSessionCookie(request);
  if (!token) throw unauthenticated('Missing Authorization header: send "Authorization: Bearer <token>"');
  const { identity: identityVersion } = await versionsOf(request);
  const identity = await authenticateToken(ctxOf(request), {
    token, sessionSecret: request.server.sessionSecret, identityVersion, cache: request.server.identityCache, cookie: true,
  });
  checkCsrf(request, identity.sessionId!);
  bindCallerToLog(request, identity);
  return identity;
}

/**
 * Names the caller on every later log line of `request`, its "request completed" line included:
 * `userId`, `keyId` (the API key's id, never the key) and `credential`. Fastify gives the request
 * and its reply one pino child logger, so its bindings are extended in place (`setBindings`).
 */
function bindCallerToLog(request: FastifyRequest, identity: Identity): void {
  const log = request.log as FastifyRequest['log'] & { setBindings?: (bindings: Record<string, unknown>) => void };
  log.setBindings?.({ userId: identity.userId, ...(identity.apiKeyId ? { keyId: identity.apiKeyId } : {}), credential: identity.credential });
}

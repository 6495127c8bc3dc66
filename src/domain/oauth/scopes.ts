/**
 * The scopes and resources of OAuth access tokens (docs/oauth.md, decision 0052), and the
 * one rule that narrows what a token's user may do to what its scopes allow.
 */
import type { Identity } from '../context.js';
import { DomainError } from '../errors.js';

/** The scopes a person can grant an app. */
export const OAUTH_SCOPES = ['read', 'write', 'mcp', 'admin'] as const;
/** One of {@link OAUTH_SCOPES}. */
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** What each scope lets an app do, in words the consent page shows. */
export const SCOPE_TEXTS: Record<OAuthScope, string> = {
  read: 'Read the intelligence your plan includes: editions, articles, projects, tenders, airports and searches.',
  write: 'Change your own things: saved articles, watched projects, alert rules and preferences.',
  mcp: 'Use the AI tool server (MCP) for you, with the access your plan gives.',
  admin: 'Act as an administrator: the editorial desk and every administrative operation.',
};

/** The scopes granted unless an app asks for fewer (never `admin`). */
export const DEFAULT_SCOPES: readonly OAuthScope[] = ['read', 'write', 'mcp'];

/** Is `value` one of {@link OAUTH_SCOPES}? */
export const isOAuthScope = (value: string): value is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(value);

/** The paths a token may be bound to (RFC 8707 resource indicators are these on the public base URL). */
export const OAUTH_RESOURCE_PATHS = ['/api/mcp', '/api/v1', '/v1'] as const;

/** The resources of a service at `baseUrl` (no trailing slash): absolute URLs. */
export const oauthResources = (baseUrl: string): string[] => OAUTH_RESOURCE_PATHS.map((p) => `${baseUrl}${p}`);

/**
 * The resource a request path belongs to (`/api/mcp`, `/api/v1` or `/v1`), or `undefined` for a
 * path of none (a token is refused there).
 * @param path the request's path (a query string is ignored)
 */
export function resourcePathOf(path: string): (typeof OAUTH_RESOURCE_PATHS)[number] | undefined {
  const p = path.split('?')[0]!;
  return OAUTH_RESOURCE_PATHS.find((r) => p === r || p.startsWith(`${r}/`));
}

/**
 * Paths under /v1 that manage the person's credentials, account and money: no app acts there, even
 * with `write` (an app could otherwise mint itself a long-lived API key or change who may sign in).
 */
const NOT_FOR_APPS = /^\/v1\/(auth|account|billing|api-keys|keys)(\/|$)/;

/** The administrators' scopes of both editions. */
const ADMIN_PATHS = /^\/(api\/)?v1\/admin(\/|$)/;

/**
 * The rule of an OAuth access token on one request: a call reading (GET, HEAD, a search) needs
 * `read`; any other call needs `write` and may not touch the person's credentials, account or
 * billing; `/api/mcp` itself needs `mcp`; under `/v1/admin` and `/api/v1/admin` the `admin` scope
 * alone decides (through `isAdmin`). Nothing for other credentials.
 * @param request the method, the path and whether the operation is a search
 * @throws DomainError FORBIDDEN (kind `insufficient_scope`) naming the missing scope
 */
export function refuseOutOfScope(identity: Identity, request: { method: string; path: string; search: boolean }): void {
  const oauth = identity.oauth;
  if (!oauth) return;
  const path = request.path.split('?')[0]!;
  const need = (scope: OAuthScope, what: string) => {
    if (!oauth.scopes.has(scope)) {
      throw new DomainError('FORBIDDEN', `This access token lacks the "${scope}" scope, which ${what}; ask the person to connect the app again with it.`, { kind: 'insufficient_scope' });
    }
  };
  if (path === '/api/mcp' || path.startsWith('/api/mcp/')) return need('mcp', 'the AI tool server needs');
  // The administrators' scopes: the `admin` scope decides (`isAdmin` already requires it), and their
  // own guard refuses everyone else in its own way (404 under /v1/admin, 403 under /api/v1/admin).
  if (ADMIN_PATHS.test(path)) return;
  const reading = request.method === 'GET' || request.method === 'HEAD' || request.search;
  if (reading) return need('read', 'reading needs');
  if (NOT_FOR_APPS.test(path)) {
    throw new DomainError('FORBIDDEN', 'A connected app may not change your sign-in, account, API keys or billing: do that in the web app yourself.', { kind: 'insufficient_scope' });
  }
  need('write', `${request.method} needs`);
}

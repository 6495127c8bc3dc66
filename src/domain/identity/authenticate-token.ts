/**
 * Authenticating a bearer token (API key, session token or OAuth access token) with a per-process memory of recent
 * answers (docs/caching.md, docs/decisions/0029).
 *
 * A remembered identity is reused only while the identity version (migration 0015: bumped at the
 * COMMIT of every write to users, profiles, sessions, accounts, members, subscriptions, add-ons,
 * plans and the identity columns of api_keys) is the one it was read under, and before the first
 * instant at which it stops being true by the clock alone (key or session expiry, end of the
 * subscription's period). So a revocation, a removed member or a changed plan acknowledged by any
 * process is seen by the next request; losing the memory loses nothing. Tokens are remembered by
 * their SHA-256, never in clear.
 */
import crypto from 'node:crypto';
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { looksLikeApiKey } from './api-key-format.js';
import { recordApiKeyUse, resolveApiKey } from './authenticate-api-key.js';
import { recordSessionUse, resolveSession } from './authenticate-session.js';
import { looksLikeOAuthToken, resolveOAuthToken } from './authenticate-oauth-token.js';

interface Remembered {
  identity: Identity;
  /** The identity version the identity was read under. */
  version: number;
  /** Epoch ms after which it must be read again (Infinity: no clock limit). */
  validUntil: number;
  /** API keys: the stored `last_used_at`; sessions: the stored `last_seen_at`. */
  lastUsedAt: Date | null;
  /** Sessions: whether it has an idle expiry (a browser session), moved forward by use. */
  idle: boolean;
}

/** A bounded memory of recent authentications of one process (least recently used goes first). */
export class IdentityCache {
  readonly #entries = new Map<string, Remembered>();

  /** @param maxEntries tokens remembered at most (default 10 000) */
  constructor(private readonly maxEntries = 10_000) {}

  /** Tokens remembered now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The entry of `key` if it still holds under `version` at `now`; forgets it otherwise. */
  get(key: string, version: number, now: Date): Remembered | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now.getTime() >= entry.validUntil) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Remembers `entry` under `key`. */
  set(key: string, entry: Remembered): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

/** The resource a request is for, as an OAuth access token must be bound to it (RFC 8707). */
export interface OAuthResource {
  /** Absolute URL: `<base>/api/mcp`, `<base>/api/v1` or `<base>/v1`. */
  url: string;
  /** A second resource accepted (an in-process call of the MCP tool server: its `/api/mcp`). */
  alsoFor?: string;
}

/**
 * The identity of a bearer token: from `cache` when it remembers the token under `identityVersion`
 * and the clock has not passed its limit, else resolved from the database and remembered.
 * An API key's or a session's use is still recorded (`last_used_at` / `last_seen_at` and the idle
 * expiry, to the minute) on a remembered answer.
 * @param cookie the token came in the browser session cookie: only a session token is accepted
 * @param resource the resource of the request, for an OAuth access token (none: OAuth tokens refused)
 * @param identityVersion the identity version read at the start of the request, before any identity row
 * @param cache null: always resolve (nothing remembered)
 * @throws DomainError UNAUTHENTICATED for a missing, malformed, unknown, expired or revoked token
 */
export async function authenticateToken(
  ctx: Ctx,
  input: { token: string; sessionSecret: string; identityVersion: number; cache: IdentityCache | null; cookie?: boolean; resource?: OAuthResource },
): Promise<Identity> {
  const { token, cache } = input;
  const isKey = looksLikeApiKey(token);
  if (isKey && input.cookie) throw unauthenticated('The session cookie holds no session token: sign in again');
  // OAuth access tokens are read from the database every time (never remembered): revoking an app
  // bumps no identity version, yet its tokens must stop on their next request.
  if (!input.cookie && looksLikeOAuthToken(token)) {
    if (!input.resource) throw unauthenticated('OAuth access tokens are not accepted here');
    return (await resolveOAuthToken(ctx, token, input.resource.url, input.resource.alsoFor)).identity;
  }
  const key = cache ? crypto.createHash('sha256').update(token).digest('base64url') : '';
  const hit = cache?.get(key, input.identityVersion, ctx.now());
  if (hit) {
    if (isKey && hit.identity.apiKeyId) hit.lastUsedAt = await recordApiKeyUse(ctx, hit.identity.apiKeyId, hit.lastUsedAt);
    if (!isKey && hit.identity.sessionId) hit.lastUsedAt = (await recordSessionUse(ctx, hit.identity.sessionId, hit.lastUsedAt, hit.idle)).lastSeenAt;
    return hit.identity;
  }
  const resolved = isKey ? await resolveApiKey(ctx, token) : await resolveSession(ctx, input.sessionSecret, token);
  cache?.set(key, {
    identity: resolved.identity,
    version: input.identityVersion,
    validUntil: resolved.validUntil ? resolved.validUntil.getTime() : Number.POSITIVE_INFINITY,
    lastUsedAt: resolved.lastUsedAt,
    idle: resolved.idle === true,
  });
  return resolved.identity;
}

/**
 * ETags, conditional GETs and the version-stamped response cache (docs/caching.md,
 * docs/decisions/0027).
 *
 * - **ETag on every JSON GET.** An `onSend` hook gives every `200` JSON answer of a GET a strong
 *   ETag: the SHA-256 of the bytes sent (before compression), base64url, 27 characters. A request
 *   whose `If-None-Match` lists it answers `304` with no body.
 * - **Response cache.** The operations of {@link CACHEABLE_OPERATIONS} answer bodies that depend
 *   only on the request (path and query), the content of the database and the caller's
 *   *entitlement class* (admin flag, features, previews) — never on the caller's own rows
 *   (`is_saved`, `is_watched`, `mine=`) nor on the clock. Their `200` bodies are kept in memory
 *   under `(content version, entitlement class, method + URL)`. The content version is the single
 *   row of `content_version` (migration 0013), bumped at COMMIT of every transaction that wrote a
 *   content table (statement-level triggers; no write path has to remember it). Every request
 *   learns it at its start ({@link versionsOf}: one single-row primary-key SELECT on a PostgreSQL
 *   server, the in-memory value kept by NOTIFY on the embedded engine that only this process
 *   writes), and the lookup runs after authentication, the gates, validation and the quota charge,
 *   so a write acknowledged by any process over the same database is seen by the next request of
 *   every process: no stale body, ever. A hit skips the handler, and a matching
 *   `If-None-Match` on a hit answers `304` without building or hashing anything.
 * Losing the cache loses nothing; it is bounded by entries and bytes and emptied when the version
 * moves on.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Identity } from '../domain/context.js';
import { versionsOf } from './types.js';

/**
 * Operations whose `200` body is a function of (method + URL, content version, entitlement class)
 * only. Adding per-caller data (a flag from the caller's own rows) or a dependency on the clock
 * to one of them means removing it from this list (docs/caching.md).
 */
export const CACHEABLE_OPERATIONS: ReadonlySet<string> = new Set([
  'apiV1ListEditions', 'apiV1GetLatestEdition', 'apiV1GetEdition',
  'apiV1ListArticles', 'apiV1GetArticle', 'apiV1SearchGet',
  'apiV1ListProjects', 'apiV1GetProject',
  'v1ListEditions', 'v1GetEdition', 'v1GetReference', 'v1ListPlans',
  'v1ListAirports', 'v1GetAirport', 'v1ProjectFacets', 'v1SearchFacets',
  'v1ListCompanies', 'v1GetCompany', 'v1GetProjectHistory',
]);

/** Query parameters that make a body the caller's own (`mine=true`: the caller's interests). */
const PER_CALLER_QUERY = /[?&]mine=/i;

/** Headers of a cached answer that the handler set and a hit must repeat. */
const KEPT_HEADERS = ['content-type', 'link', 'cache-control'] as const;

/** What {@link installResponseCache} takes. */
export interface ResponseCacheOptions {
  /** Cache bodies (default true); ETags and 304s are always on. */
  enabled?: boolean;
  /** Entries kept at most (default 2 000). */
  maxEntries?: number;
  /** Bytes of bodies kept at most (default 64 MiB). */
  maxBytes?: number;
}

interface Entry {
  body: Buffer;
  etag: string;
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>;
}

/** Counters of the cache, for tests and the bench. */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  notModified: number;
  entries: number;
  bytes: number;
  version: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The response cache's counters (src/http/response-cache.ts). */
    responseCacheStats(): ResponseCacheStats;
  }
}

const CACHE_KEY = Symbol('response cache key');
const FROM_CACHE = Symbol('served from the response cache');
type Marked = FastifyRequest & { [CACHE_KEY]?: string; [FROM_CACHE]?: boolean };

/** The strong ETag of a body: `"<base64url of SHA-256, 27 chars>"`. */
export const strongEtag = (body: string | Buffer): string =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether `If-None-Match` (a list, `*`, weak tags compared weakly, RFC 9110 13.1.2) matches `etag`. */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The entitlement class of a caller: what, besides the request, a cacheable body may depend on. */
export function entitlementClass(identity: Identity | null): string {
  if (!identity) return 'anonymous';
  return `${identity.isAdmin ? 'admin' : 'user'}|${[...identity.features].sort().join(',')}|${[...identity.previews].sort().join(',')}`;
}

/**
 * Installs ETags, 304s and the response cache on `app`; call before registering routes (the
 * cache lookup is appended to the preHandlers of each cacheable route as it is added, after the
 * edition's own, so authentication, gates, validation and the quota charge stay in every request).
 */
export function installResponseCache(app: FastifyInstance, options: ResponseCacheOptions = {}): void {
  const enabled = options.enabled ?? true;
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0, notModified: 0, bytes: 0 };
  let version: number | null = null;

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    stats.bytes -= old.body.length;
    entries.delete(key);
  };
  const remember = (key: string, entry: Entry) => {
    if (entry.body.length > maxBytes / 4) return;
    forget(key);
    entries.set(key, entry);
    stats.bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && stats.bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  app.decorate('responseCacheStats', (): ResponseCacheStats => ({ ...stats, entries: entries.size, version: version === null ? null : String(version) }));

  const lookup: preHandlerAsyncHookHandler = async function responseCacheLookup(request: FastifyRequest, reply: FastifyReply) {
    if (PER_CALLER_QUERY.test(request.url)) return;
    const current = (await versionsOf(request)).content;
    // Versions only grow; a reader that raced a commit may see an older one: serve it, keep ours.
    if (version === null || current > version) {
      version = current;
      entries.clear();
      stats.bytes = 0;
    }
    const key = `${current}\u0000${entitlementClass(request.identity)}\u0000${request.method} ${request.url}`;
    const hit = entries.get(key);
    if (!hit) {
      stats.misses++;
      (request as Marked)[CACHE_KEY] = key;
      return;
    }
    // Most recently used last.
    entries.delete(key);
    entries.set(key, hit);
    stats.hits++;
    (request as Marked)[FROM_CACHE] = true;
    for (const name of KEPT_HEADERS) if (hit.headers[name] !== undefined) reply.header(name, hit.headers[name]);
    reply.header('etag', hit.etag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], hit.etag)) {
      stats.notModified++;
      return reply.code(304).send();
    }
    return reply.code(200).send(hit.body);
  };

  if (enabled) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
      if (!methods.includes('GET') || !operationId || !CACHEABLE_OPERATIONS.has(operationId)) return;
      const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      route.preHandler = [...own, lookup];
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if ((request as Marked)[FROM_CACHE]) return payload;
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : strongEtag(payload);
    if (given === undefined) reply.header('etag', etag);
    const key = (request as Marked)[CACHE_KEY];
    if (key !== undefined && enabled) {
      const headers: Entry['headers'] = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      remember(key, { body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload), etag, headers });
    }
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      stats.notModified++;
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}

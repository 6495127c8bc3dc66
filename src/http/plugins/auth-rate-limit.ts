/**
 * Rate limits of the sign-in endpoints (docs/sessions.md), with `@fastify/rate-limit`
 * over a store in the database (the domain's `hitRateLimit`: one counter row per key and window),
 * so that several processes agree:
 * - per client address (`request.ip`, TRUST_PROXY applied), per route, counted in `onRequest`
 *   (before the body is read);
 * - per email address, per group of routes (`mail`: sign-up, email link, password reset; `password`:
 *   sign-in; `sso`), counted after validation.
 * Over a limit: 429 problem+json (type `urn:airport-intel:problem:rate_limited`) with
 * `Retry-After` in seconds. A route opts in with `config.authLimit`.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DomainError } from '../../domain/errors.js';
import type { RateLimitHit } from '../../domain/auth/index.js';

/** One limit: at most `max` requests per `windowMs`. */
export interface AuthRateLimit {
  max: number;
  windowMs: number;
}

/** The limits of the sign-in endpoints. */
export interface AuthRateLimits {
  /** Per client address and route. */
  perClient: AuthRateLimit;
  /** Per email address and group of routes. */
  perAddress: AuthRateLimit;
}

/** The defaults: 30 requests per client address and route, 10 per email address and group, in 15 minutes. */
export const AUTH_RATE_LIMITS: AuthRateLimits = {
  perClient: { max: 30, windowMs: 15 * 60_000 },
  perAddress: { max: 10, windowMs: 15 * 60_000 },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A rate-limited sign-in endpoint: per client address always; per email address (the body's
     * `email`) when `group` is given (routes of one group share the address's count).
     */
    authLimit?: { group?: 'mail' | 'password' | 'sso' };
  }
}

/** Counts a hit on a key in a window of `windowMs`. */
export type HitCounter = (key: string, windowMs: number) => Promise<RateLimitHit>;

/** The refusal of a request over a limit. */
function tooMany(retryAfterSeconds: number, what: string): DomainError {
  return new DomainError('QUOTA_EXCEEDED', `Too many requests ${what}: try again in ${retryAfterSeconds} s`, { retryAfterSeconds, kind: 'rate_limited' });
}

/** A `@fastify/rate-limit` store over {@link HitCounter}. */
function storeOver(hit: HitCounter) {
  return class DatabaseStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hit(key, timeWindow).then((r) => callback(null, { current: r.count, ttl: r.remainingMs }), (err: Error) => callback(err));
    }

    child(): DatabaseStore {
      return new DatabaseStore();
    }
  };
}

/** Installs the limits; call it before the routes are registered. */
export async function installAuthRateLimit(app: FastifyInstance, limits: AuthRateLimits = AUTH_RATE_LIMITS, hit: HitCounter): Promise<void> {
  // Runs before the plugin's own onRoute hook: turns `authLimit` into the plugin's per-route config.
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.authLimit;
    if (!limit) return;
    const url = route.url;
    route.config = {
      ...route.config,
      rateLimit: {
        max: limits.perClient.max, timeWindow: limits.perClient.windowMs, hook: 'onRequest',
        keyGenerator: (req: FastifyRequest) => `client:${url}:${req.ip}`,
      },
    };
    if (!limit.group) return;
    const key = (req: FastifyRequest) => `address:${limit.group}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`;
    const perAddress = async (req: FastifyRequest) => {
      const check = await app.createRateLimit({ keyGenerator: key, max: limits.perAddress.max, timeWindow: limits.perAddress.windowMs })(req);
      if (!check.isAllowed && check.isExceeded) throw tooMany(check.ttlInSeconds, 'for this address');
    };
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, perAddress];
  });
  await app.register(rateLimit, {
    global: false,
    store: storeOver(hit) as never,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_req, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000)), 'from this client address'),
  });
}

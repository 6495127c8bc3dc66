/**
 * Cross-origin requests from browsers (`@fastify/cors`), for the whole service.
 *
 * - Off by default (`CORS_ORIGINS` unset): no `Access-Control-*` header on any answer; a preflight
 *   (`OPTIONS`) is answered 404 by the root scope, never reaching an edition's authentication or
 *   quota (so never 401 or 429).
 * - `CORS_ORIGINS=https://app.example,https://admin.example`: those origins (exact match of scheme,
 *   host and port) get `Access-Control-Allow-Origin: <their origin>` (+ `Vary: Origin`) on every
 *   answer, errors included; other origins get no such header, so the browser withholds the answer.
 * - `CORS_ORIGINS=*`: any origin (`Access-Control-Allow-Origin: *`). Safe here because the service
 *   authenticates with bearer tokens, never cookies (no credentials mode).
 *
 * A preflight is answered in the root `onRequest` hook, before any edition's hooks: 204 with the
 * allowed methods and request headers (`Authorization`, `Content-Type`, `Idempotency-Key`,
 * `X-Request-Id`), without a token and without charging the quota. Responses expose the headers
 * clients read: `Link`, `Location`, `RateLimit-*`, `Retry-After`, `X-Request-Id`, `ETag`,
 * `Idempotent-Replayed`, `Content-Disposition`.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Methods a cross-origin page may use. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];
/** Request headers a cross-origin page may send. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'];
/** Response headers a cross-origin page may read (beyond the CORS-safelisted ones). */
export const CORS_EXPOSED_HEADERS = [
  'Link', 'Location', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Retry-After',
  'X-Request-Id', 'ETag', 'Idempotent-Replayed', 'Content-Disposition',
];
/** Seconds a browser may cache a preflight answer. */
export const CORS_MAX_AGE = 600;

/**
 * Registers CORS on the root scope; call before the editions are registered so that its hook runs
 * first. `origins`: the allowed origins (`['*']` for any); empty: CORS off.
 */
export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const origin = origins.length === 0 ? false : origins.includes('*') ? '*' : [...origins];
  await app.register(cors, {
    origin,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE,
    credentials: false,
    hook: 'onRequest',
  });
}

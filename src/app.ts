/**
 * buildApp: the whole HTTP service as a Fastify instance that tests can use without a port.
 * It wires the database, the request id, the OpenAPI description and the faces.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import cookie from '@fastify/cookie';
import type { Database } from './db/client.js';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './config.js';
import type { Clock } from './domain/clock.js';
import { systemClock } from './system-clock.js';
import apiV1 from './http/api-v1/index.js';
import docsRoutes from './http/docs.js';
import { edgeServerOptions, installEdgeHeaders, installRootErrors } from './http/edge.js';
import { openapiOptions } from './http/openapi.js';
import healthRoutes from './http/health.js';
import { installRouteRegistry } from './http/route-registry.js';
import { installRouteDefaults } from './http/route-defaults.js';
import { installJsonBodyParser } from './http/json-body.js';
import { originPolicy } from './mcp/origin-guard.js';
import { installMetrics, type MetricsOptions } from './http/metrics.js';
import { systemCtx } from './domain/context.js';
import { DEFAULT_UPLOAD_LIMITS } from './domain/media/index.js';
import { paymentProvider, type PaymentsConfig } from './domain/billing/provider.js';
import v1 from './http/v1/index.js';
import { validatorCompiler } from './http/validator.js';
import mcpRoutes from './mcp/server.js';
import newsletterRoutes from './http/newsletter.js';
import './http/types.js';
import { installCancelOnDisconnect } from './http/plugins/cancel-on-disconnect.js';
import { installCors } from './http/plugins/cors.js';
import { installIdempotency } from './http/plugins/idempotency.js';
import { installDeprecation } from './http/plugins/deprecation.js';
import { installResponseCache, type ResponseCacheOptions } from './http/response-cache.js';
import { notifiedVersions, readEachTime } from './domain/system/content-version.js';
import { IdentityCache } from './domain/identity/index.js';
import { installCompression, type CompressionOptions } from './http/compression.js';
import { NO_ALLOWED_HOSTS, type AllowedHosts } from './net/outbound.js';
import type { SendBudget } from './domain/newsletter/index.js';
import type { ReadinessProbe } from './domain/system/check-readiness.js';
import { installWebApp, type WebAppOptions } from './http/web-app.js';
import { browserOriginsOf, sessionCookieOf } from './http/session-cookie.js';
import { installAuthRateLimit, type AuthRateLimits } from './http/plugins/auth-rate-limit.js';
import { hitRateLimit } from './domain/auth/index.js';
import oauthRoutes from './http/oauth/index.js';
import { createOAuthProvider } from './http/oauth/provider.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** What buildApp needs. */

/** The base URL when none is given (a local run): what `serve` listens on by default. */
export const DEFAULT_PUBLIC_BASE_URL = 'http://127.0.0.1:3000';
export interface AppOptions {
  database: Database;
  sessionSecret: string;
  /** pino options, or `false` to log nothing (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Base URL of the service as readers reach it (links in messages, cookies, OAuth); default {@link DEFAULT_PUBLIC_BASE_URL}. Routes read it, normalised, as `app.publicBaseUrl`. */
  publicBaseUrl?: string;
  /** The service's clock (`ctx.now()` of every request); default: the system clock. Tests set it. */
  clock?: Clock;
  /** Browser origins allowed by CORS (`['*']`: any); default none: CORS off (src/http/plugins/cors.ts). */
  corsOrigins?: readonly string[];
  /** Timeouts of the HTTP server when it listens (docs/decisions/0013); default DEFAULT_HTTP_TIMEOUTS. */
  http?: HttpTimeouts;
  /** `GET /metrics` (src/http/metrics.ts); unset: no metrics, `/metrics` is 404. */
  metrics?: MetricsOptions | undefined;
  /** Hosts outbound requests (webhooks, feeds) may reach besides the public internet (`OUTBOUND_ALLOWED_HOSTS`); default none. */
  outboundAllowedHosts?: AllowedHosts;
  /** Caps of an image upload (MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS); default 20 MB and 50 megapixels. */
  media?: { maxBytes: number; maxPixels: number } | undefined;
  /** The payment provider (Stripe; src/domain/billing/provider.ts); unset or without a secret key: checkout disabled. */
  payments?: PaymentsConfig | undefined;
  /** Extra hosts the MCP endpoint accepts in `Host` (local names and the public base URL's host always; `*`: any). */
  mcpAllowedHosts?: readonly string[];
  /** Extra hosts or origins the MCP endpoint accepts in `Origin` (the allowed hosts always; `*`: any). */
  mcpAllowedOrigins?: readonly string[];
  /** ETags and the version-stamped response cache (src/http/response-cache.ts); default on. */
  responseCache?: ResponseCacheOptions | undefined;
  /** gzip / Brotli of bodies over 1 KB (src/http/compression.ts); default on. */
  compression?: CompressionOptions | undefined;
  /**
   * Remember recent authentications while the identity version stands
   * (src/domain/identity/authenticate-token.ts); default on. `false`: every request resolves its token.
   */
  identityCache?: boolean | undefined;
  /** What `GET /readyz` reads besides the database (src/domain/system/check-readiness.ts): the in-process worker, shutdown; default none. */
  readiness?: ReadinessProbe | undefined;
  /** The outbox's send budget (SEND_BUDGET_HOURLY, SEND_BUDGET_DAILY), reported by `GET /v1/admin/email/usage`; default 1000 an hour, 10000 a day. */
  sendBudget?: SendBudget;
  /**
   * The browser app built from web/ (src/http/web-app.ts) at `/`, for every path no face claims;
   * unset: no app (unknown paths are 404 in their dialect, as in the API tests). `serve` sets it.
   */
  webApp?: WebAppOptions | undefined;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): which proxies' `X-Forwarded-For` gives `request.ip` (the
   * rate limits, the procurement limit, the session list and the logs use it); default false.
   */
  trustProxy?: boolean | number | string[] | undefined;
  /** The rate limits of the sign-in endpoints (docs/sessions.md); default AUTH_RATE_LIMITS. */
  authRateLimits?: AuthRateLimits | undefined;
}

const REQUEST_ID = /^[\w.:\-]{1,128}$/;

/** Builds the service; call `listen` (src/server.ts) or `inject` (tests) on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Server timeouts and errors raised before routing, in each edition's dialect (src/http/edge.ts).
    ...edgeServerOptions(options.http ?? DEFAULT_HTTP_TIMEOUTS),
    logger: options.logger ?? false,
    // A hop count is accepted at run time (proxy-addr) though Fastify's types leave it out.
    trustProxy: (options.trustProxy ?? false) as boolean,
    // The caller's X-Request-Id when it is sane, else a fresh UUID; it is logged as reqId.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  installRouteRegistry(app);
  installRouteDefaults(app);
  // JSON bodies nested deeper than 64 levels are a 400 before anything walks them (src/http/json-body.ts).
  installJsonBodyParser(app);
  app.decorate('db', options.database.db);
  app.decorate('sessionSecret', options.sessionSecret);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('outboundAllowedHosts', options.outboundAllowedHosts ?? NO_ALLOWED_HOSTS);
  app.decorate('publicBaseUrl', (options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, ''));
  app.decorate('sessionCookie', sessionCookieOf(app.publicBaseUrl));
  app.decorate('browserOrigins', browserOriginsOf(app.publicBaseUrl, options.corsOrigins ?? []));
  app.decorate('payments', paymentProvider(options.payments));
  app.decorate('sendBudget', options.sendBudget ?? { hourly: 1000, daily: 10_000 });
  // The embedded engine is written by this process only: its versions come from NOTIFY, in memory.
  const versions = options.database.listen
    ? await notifiedVersions(options.database.listen)
    : readEachTime;
  app.decorate('versions', versions);
  app.addHook('onClose', () => versions.close());
  app.decorate('identityCache', options.identityCache === false ? null : new IdentityCache());
  app.decorateRequest('identity', null);
  app.decorate('mediaLimits', options.media ?? DEFAULT_UPLOAD_LIMITS);
  installMetrics(app, options.metrics, {
    ctx: () => systemCtx(options.database.db, options.clock ?? systemClock, 'metrics'),
    poolStats: options.database.poolStats,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A read whose client goes away has its statements cancelled (decision 0060), before any hook that reads.
  installCancelOnDisconnect(app);
  installEdgeHeaders(app);
  // CORS before the faces: its preflight answer comes before any authentication or quota hook.
  await installCors(app, options.corsOrigins ?? []);
  // Idempotency-Key on every POST route registered after it (src/http/plugins/idempotency.ts).
  installIdempotency(app);
  // ETag / 304 on every JSON GET and the response cache of caller-independent reads (docs/caching.md).
  installResponseCache(app, options.responseCache);
  await installCompression(app, options.compression);
  // `config.deprecation` on a route: Deprecation and Sunset headers, `deprecated` in OpenAPI (docs/versioning.md).
  installDeprecation(app);
  // The browser session cookie (src/http/session-cookie.ts) and the database-backed rate limits of
  // the sign-in endpoints (src/http/plugins/auth-rate-limit.ts), before the faces' routes.
  await app.register(cookie);
  const clock = options.clock ?? systemClock;
  await installAuthRateLimit(app, options.authRateLimits, (key, windowMs) => hitRateLimit(systemCtx(options.database.db, clock, 'rate-limit'), key, windowMs));

  // The OAuth authorization server (docs/oauth.md): its records in the database, keys from the session secret.
  app.decorate('oauth', createOAuthProvider({
    db: options.database.db, clock, baseUrl: app.publicBaseUrl, sessionSecret: options.sessionSecret,
  }));

  await app.register(swagger, openapiOptions(version));
  await app.register(healthRoutes, { engine: options.database.kind, version, readiness: options.readiness });
  await app.register(apiV1, { prefix: '/api/v1' });
  await app.register(v1, { prefix: '/v1' });
  await app.register(mcpRoutes, { version, origins: originPolicy(options.publicBaseUrl, options.mcpAllowedHosts, options.mcpAllowedOrigins) });
  await app.register(oauthRoutes, { provider: app.oauth });
  await app.register(newsletterRoutes);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(docsRoutes);
  if (options.webApp) await installWebApp(app, options.webApp);
  // Routes outside both editions (/healthz, /openapi.json, unknown paths) answer errors in the
  // dialect of their path: problem+json under /v1, else { error } (src/http/edge.ts).
  installRootErrors(app);
  return app;
}

/**
 * `GET /metrics`: the service's Prometheus metrics (prom-client), for operators (docs/operations.md,
 * docs/decisions/0017-metrics-endpoint.md).
 *
 * Every app has its own `Registry` (never prom-client's global one), so several apps in one process
 * (tests) do not collide. What is measured:
 * - requests, by method, route pattern (`/api/v1/projects/:id`, never the raw URL; `(unmatched)`
 *   for unknown paths) and status code: a counter and a latency histogram in seconds;
 * - quota refusals (429 answers), by route pattern;
 * - the PostgreSQL pool (open, idle, waiting), read on scrape; the embedded engine has no pool;
 * - the newsletter outbox by status, the job queue depth (messages awaiting delivery) and sends in
 *   the last hour and day against the budget, read on scrape with the domain's `outboxUsage`;
 * - the `jobs` table by kind and state (queued, running, failed, done, dead) and the age of the
 *   oldest due job of each kind, read on scrape with the domain's `jobMetrics`;
 * - the housekeeping (decision 0037): records purged by kind since the database was created, and
 *   the time of the last run;
 * - the default process metrics (CPU, memory, event loop lag, GC, handles).
 *
 * Off unless configured: `token` puts `/metrics` on the app behind `Authorization: Bearer <token>`;
 * `separatePort` leaves it off the app, and `metricsServer` serves it on its own listener.
 * The route is hidden from the OpenAPI description, charged no quota, and is not an MCP tool.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ctx } from '../domain/context.js';
import { unauthenticated } from '../domain/errors.js';
import { outboxUsage, type SendBudget } from '../domain/newsletter/index.js';
import { jobMetrics } from '../domain/jobs/index.js';
import { housekeepingTotals } from '../domain/housekeeping/index.js';
import { installApiV1Errors, sendApiV1Error } from './api-v1/errors.js';

/** How the app measures and where it shows the metrics. */
export interface MetricsOptions {
  /** A bearer token the scraper must send; `undefined`: none. */
  token?: string | undefined;
  /** `true`: `/metrics` is served by {@link metricsServer} on another port, not by the app. */
  separatePort?: boolean | undefined;
  /** The outbox's hourly and daily send budget, reported beside the sends (default 1000 / 10000). */
  sendBudget?: SendBudget | undefined;
}

/** What the app's metrics need from outside the HTTP layer (buildApp gives them). */
export interface MetricsSources {
  /** A system context (no caller) for the reads made on scrape. */
  ctx: () => Ctx;
  /** The PostgreSQL pool's state; absent on the embedded engine. */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined;
}

/** The metrics of one app. */
export interface AppMetrics {
  registry: Registry;
  /** The bearer token `/metrics` requires, if any. */
  token: string | undefined;
  /** Reads the values collected on scrape, then renders the registry (Prometheus text format). */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, or `null` when they are off (no METRICS_TOKEN, no METRICS_PORT). */
    metrics: AppMetrics | null;
  }
}

const PREFIX = 'airport_intel_';
/** Latency buckets in seconds: 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DEFAULT_BUDGET: SendBudget = { hourly: 1000, daily: 10_000 };

/** The route pattern of `request`, never its raw URL (unbounded label values). */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '(unmatched)';

/** Compares two secrets in constant time (hashes of equal length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** Creates the registry and its metrics; `render` reads the scrape-time values first. */
function createMetrics(options: MetricsOptions, sources: MetricsSources, onError: (err: unknown) => void): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by method, route pattern and status code', labelNames, registers: [registry] });
  new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time to answer an HTTP request, in seconds', labelNames, buckets: BUCKETS, registers: [registry] });
  new Counter({ name: `${PREFIX}quota_refusals_total`, help: 'Requests refused because the API key\'s daily quota is spent (429), by route pattern', labelNames: ['route'], registers: [registry] });
  const pool = sources.poolStats;
  if (pool) {
    new Gauge({ name: `${PREFIX}db_pool_connections`, help: 'PostgreSQL pool connections open now', registers: [registry], collect() { this.set(pool().total); } });
    new Gauge({ name: `${PREFIX}db_pool_idle_connections`, help: 'PostgreSQL pool connections open and idle now', registers: [registry], collect() { this.set(pool().idle); } });
    new Gauge({ name: `${PREFIX}db_pool_waiting_queries`, help: 'Queries waiting for a PostgreSQL pool connection now', registers: [registry], collect() { this.set(pool().waiting); } });
  }
  const outbox = new Gauge({ name: `${PREFIX}outbox_messages`, help: 'Newsletter outbox messages by status (queued, failed = awaiting a retry, dead, sent)', labelNames: ['status'], registers: [registry] });
  const queue = new Gauge({ name: `${PREFIX}job_queue_depth`, help: 'Work awaiting a worker, by queue (outbox: messages queued or failed and awaiting a retry; jobs: jobs queued or failed and awaiting a retry)', labelNames: ['queue'], registers: [registry] });
  const sent = new Gauge({ name: `${PREFIX}outbox_sent_recent`, help: 'Messages sent in the last hour or day', labelNames: ['window'], registers: [registry] });
  const budget = new Gauge({ name: `${PREFIX}outbox_send_budget`, help: 'Messages the outbox worker may send per hour or day', labelNames: ['window'], registers: [registry] });
  const jobs = new Gauge({ name: `${PREFIX}jobs`, help: 'Durable jobs by kind and state (queued, running, failed = awaiting a retry, done = kept 7 days, dead)', labelNames: ['kind', 'state'], registers: [registry] });
  const jobAge = new Gauge({ name: `${PREFIX}jobs_oldest_due_age_seconds`, help: 'Seconds the oldest due job of a kind (queued, or failed and due for its retry) has waited past its run time; 0 when none waits', labelNames: ['kind'], registers: [registry] });
  const purged = new Counter({ name: `${PREFIX}housekeeping_purged_total`, help: 'Records the daily housekeeping purged since the database was created, by kind (outbox_bodies, sessions, idempotency_keys, webhook_attempts, usage_counters, oauth_records)', labelNames: ['what'], registers: [registry] });
  const lastRun = new Gauge({ name: `${PREFIX}housekeeping_last_run_timestamp_seconds`, help: 'Unix time of the last housekeeping run; 0 before the first', registers: [registry] });
  const sendBudget = options.sendBudget ?? DEFAULT_BUDGET;
  return {
    registry,
    token: options.token,
    async render() {
      try {
        const use = await outboxUsage(sources.ctx(), sendBudget);
        for (const status of ['queued', 'failed', 'dead', 'sent'] as const) outbox.set({ status }, use[status]);
        queue.set({ queue: 'outbox' }, use.queued + use.failed);
        sent.set({ window: 'hour' }, use.sent_last_hour);
        sent.set({ window: 'day' }, use.sent_last_day);
        budget.set({ window: 'hour' }, use.budget.hourly);
        budget.set({ window: 'day' }, use.budget.daily);
        const byKind = await jobMetrics(sources.ctx());
        jobs.reset();
        jobAge.reset();
        let pending = 0;
        for (const k of byKind) {
          for (const [state, n] of Object.entries(k.counts)) jobs.set({ kind: k.kind, state }, n);
          jobAge.set({ kind: k.kind }, k.oldestDueAgeSeconds);
          pending += k.counts.queued + k.counts.failed;
        }
        queue.set({ queue: 'jobs' }, pending);
        const housekeeping = await housekeepingTotals(sources.ctx());
        purged.reset();
        for (const [what, n] of Object.entries(housekeeping.purged)) purged.inc({ what }, n);
        lastRun.set(housekeeping.lastRunAt ? housekeeping.lastRunAt.getTime() / 1000 : 0);
      } catch (err) {
        // A database that does not answer must not hide the other metrics: the values read from it stay stale.
        onError(err);
      }
      return registry.metrics();
    },
  };
}

/** Adds the `GET /metrics` route (hidden from OpenAPI) to `app`, behind the bearer token if any. */
function addMetricsRoute(app: FastifyInstance, metrics: AppMetrics): void {
  app.get('/metrics', {
    schema: { hide: true },
    // Answered here rather than thrown: the route may be added before the app's error handler.
    onRequest: async (request, reply) => {
      if (metrics.token === undefined) return;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match || !sameSecret(match[1]!, metrics.token)) return sendApiV1Error(unauthenticated('Send "Authorization: Bearer <METRICS_TOKEN>" to read the metrics'), request, reply);
    },
  }, async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.render()));
}

/**
 * Installs the metrics on `app` (call before the routes are registered, so the hooks see them all):
 * decorates `app.metrics`, counts every answer in `onResponse`, and adds `GET /metrics` unless
 * `options.separatePort`. Without `options`, metrics are off: `app.metrics` is `null`.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions | undefined, sources: MetricsSources): void {
  if (!options) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics(options, sources, (err) => app.log.error({ err }, 'metrics: the outbox or the jobs could not be read'));
  app.decorate('metrics', metrics);
  const requests = metrics.registry.getSingleMetric(`${PREFIX}http_requests_total`) as Counter;
  const latency = metrics.registry.getSingleMetric(`${PREFIX}http_request_duration_seconds`) as Histogram;
  const refusals = metrics.registry.getSingleMetric(`${PREFIX}quota_refusals_total`) as Counter;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route: labels.route });
  });
  app.addHook('onClose', async () => metrics.registry.clear());
  if (!options.separatePort) addMetricsRoute(app, metrics);
}

/**
 * A listener of its own for `GET /metrics` (METRICS_PORT): only that route, the same metrics as
 * `metrics`, the same token rule. Call `listen` on it; close it before the app.
 */
export function metricsServer(metrics: AppMetrics): FastifyInstance {
  const server = Fastify({ logger: false });
  addMetricsRoute(server, metrics);
  installApiV1Errors(server);
  return server;
}

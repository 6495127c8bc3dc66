/**
 * Health, no token:
 * - `GET /healthz`: the service's health and whether the database answers. 200 when healthy; 503
 *   with `Retry-After` when the database does not answer, `database.status` saying why: `timeout`
 *   (no answer in time) or `unreachable` (refused, closed, shut down).
 * - `GET /livez`: the process answers (a liveness probe: restart the process when it fails); reads
 *   nothing.
 * - `GET /readyz`: the process should take traffic (a readiness probe: route requests to it only
 *   while 200): the database answers, no migration is pending, the in-process worker runs, and the
 *   process is not shutting down; else 503 with `Retry-After`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkDatabase, type DatabaseHealth } from '../domain/system/check-database.js';
import { checkReadiness, type Readiness, type ReadinessProbe } from '../domain/system/check-readiness.js';
import { ctxOf } from './types.js';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Object({
    reachable: Type.Boolean(),
    status: Type.Union([Type.Literal('ok'), Type.Literal('timeout'), Type.Literal('unreachable')], {
      description: 'ok; timeout: the database did not answer in time (frozen, overloaded, no free connection); unreachable: refused, closed or shut down',
    }),
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    latency_ms: Type.Union([Type.Number(), Type.Null()]),
  }),
  version: Type.String(),
  uptime_s: Type.Integer(),
});

/** The health document of `db` on this deployment. */
const present = (db: DatabaseHealth, opts: { engine: 'pglite' | 'postgres'; version: string }) => ({
  status: db.reachable ? ('ok' as const) : ('degraded' as const),
  database: { reachable: db.reachable, status: db.status, engine: opts.engine, latency_ms: db.latencyMs },
  version: opts.version,
  uptime_s: Math.floor(process.uptime()),
});

const Liveness = Type.Object({ status: Type.Literal('ok'), uptime_s: Type.Integer() }, { examples: [{ status: 'ok', uptime_s: 3600 }] });

const ReadinessDoc = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Object({
    database: Type.Union([Type.Literal('ok'), Type.Literal('timeout'), Type.Literal('unreachable')], { description: 'as in /healthz' }),
    migrations: Type.Union([Type.Literal('current'), Type.Literal('pending'), Type.Literal('unknown')], { description: 'pending: the database lacks migrations this code ships (run `airport-intel migrate`); unknown: the database did not answer' }),
    pending_migrations: Type.Array(Type.String(), { description: 'the migration files not applied yet' }),
    worker: Type.Union([Type.Literal('off'), Type.Literal('running'), Type.Literal('stopped')], { description: 'the background worker of this process: off (MAIL_WORKER=off, run apart), running, stopped (shutting down)' }),
    shutting_down: Type.Boolean(),
  }),
}, { examples: [{ status: 'ready', checks: { database: 'ok', migrations: 'current', pending_migrations: [], worker: 'running', shutting_down: false } }] });

/** The readiness document. */
const presentReadiness = (r: Readiness, closing: boolean) => ({
  status: r.ready ? ('ready' as const) : ('not_ready' as const),
  checks: {
    database: r.database.status,
    migrations: r.pendingMigrations === null ? ('unknown' as const) : r.pendingMigrations.length ? ('pending' as const) : ('current' as const),
    pending_migrations: r.pendingMigrations ?? [],
    worker: r.worker,
    shutting_down: closing,
  },
});

export default async function healthRoutes(app: FastifyInstance, opts: { engine: 'pglite' | 'postgres'; version: string; readiness?: ReadinessProbe | undefined }): Promise<void> {
  const probe = opts.readiness ?? {};
  const closing = () => probe.closing?.() ?? false;
  app.withTypeProvider<TypeBoxTypeProvider>().get('/livez', {
    schema: {
      operationId: 'v1GetLiveness', summary: 'The process answers (liveness probe; no token, reads nothing)', tags: ['System'], security: [],
      response: { 200: Liveness },
    },
  }, async () => ({ status: 'ok' as const, uptime_s: Math.floor(process.uptime()) }));

  app.withTypeProvider<TypeBoxTypeProvider>().get('/readyz', {
    schema: {
      operationId: 'v1GetReadiness', summary: 'The process takes traffic: database, migrations, worker (readiness probe; no token)', tags: ['System'], security: [],
      response: { 200: ReadinessDoc, 503: ReadinessDoc },
    },
  }, async (req, reply) => {
    const r = await checkReadiness(ctxOf(req), probe);
    if (r.retryAfterSeconds !== undefined) reply.header('retry-after', String(r.retryAfterSeconds));
    return reply.status(r.ready ? 200 : 503).send(presentReadiness(r, closing()));
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get('/healthz', {
    schema: {
      operationId: 'v1GetHealth', summary: 'Service health and database reachability (no token)', tags: ['System'], security: [],
      response: { 200: Health, 503: Health },
    },
  }, async (req, reply) => {
    const db = await checkDatabase(ctxOf(req));
    if (db.retryAfterSeconds !== undefined) reply.header('retry-after', String(db.retryAfterSeconds));
    return reply.status(db.reachable ? 200 : 503).send(present(db, opts));
  });
}

/**
 * `GET /healthz` (no token): the service's health and whether the database answers.
 * 200 when healthy; 503 with `Retry-After` when the database does not answer, `database.status`
 * saying why: `timeout` (no answer in time) or `unreachable` (refused, closed, shut down).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkDatabase, type DatabaseHealth } from '../domain/system/check-health.js';
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

export default async function healthRoutes(app: FastifyInstance, opts: { engine: 'pglite' | 'postgres'; version: string }): Promise<void> {
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

/**
 * `GET /healthz` (no token): the service's health and whether the database answers.
 * 200 when healthy, 503 when the database does not answer.
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
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    latency_ms: Type.Union([Type.Number(), Type.Null()]),
  }),
  version: Type.String(),
  uptime_s: Type.Integer(),
});

/** The health document of `db` on this deployment. */
const present = (db: DatabaseHealth, opts: { engine: 'pglite' | 'postgres'; version: string }) => ({
  status: db.reachable ? ('ok' as const) : ('degraded' as const),
  database: { reachable: db.reachable, engine: opts.engine, latency_ms: db.latencyMs },
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
    return reply.status(db.reachable ? 200 : 503).send(present(db, opts));
  });
}

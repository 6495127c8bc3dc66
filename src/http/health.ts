/**
 * `GET /healthz` (no token): the service's health and whether the database answers.
 * 200 when healthy, 503 when the database does not answer.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';

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

export default async function healthRoutes(app: FastifyInstance, opts: { engine: 'pglite' | 'postgres'; version: string }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/healthz', {
    schema: {
      operationId: 'v1GetHealth', summary: 'Service health and database reachability (no token)', tags: ['System'], security: [],
      response: { 200: Health, 503: Health },
    },
  }, async (_req, reply) => {
    const started = performance.now();
    let reachable = true;
    try {
      await Promise.race([
        sql`select 1`.execute(app.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
    } catch {
      reachable = false;
    }
    const body = {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: { reachable, engine: opts.engine, latency_ms: reachable ? Math.round((performance.now() - started) * 100) / 100 : null },
      version: opts.version,
      uptime_s: Math.floor(process.uptime()),
    };
    return reply.status(reachable ? 200 : 503).send(body);
  });
}

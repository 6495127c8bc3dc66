/**
 * What the app hangs on Fastify: the database and session secret (app-wide), the caller (per request),
 * and the domain context built from both.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Clock } from '../domain/clock.js';
import type { Ctx, Identity } from '../domain/context.js';
import type { Feature } from '../domain/entitlements.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A feature the route needs on top of the edition's access gate (checked before quota). */
    feature?: Feature;
  }
  interface FastifyInstance {
    db: Kysely<DB>;
    sessionSecret: string;
    /** The service's clock (AppOptions.clock). */
    clock: Clock;
  }
  interface FastifyRequest {
    /** Set by the auth hook of a face; `null` on routes without a token. */
    identity: Identity | null;
  }
}

/** The domain context of a request: the app's database and clock, the caller (if any), the request id. */
export const ctxOf = (request: FastifyRequest): Ctx => {
  const clock = request.server.clock;
  return { db: request.server.db, actor: 'user', identity: request.identity, requestId: request.id, now: () => clock.now() };
};

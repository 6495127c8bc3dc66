/**
 * What the app hangs on Fastify: the database and session secret (app-wide), the caller (per request),
 * and the domain context built from both.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { AllowedHosts } from '../net/outbound.js';
import type { Clock } from '../domain/clock.js';
import type { Ctx, Identity } from '../domain/context.js';
import type { Feature } from '../domain/entitlements.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Both editions: the content gates of the route's operation (an entry of the domain's `GATES`),
     * checked in `onRequest`, so a refusal comes before validation and the quota; archive, projects
     * and wat also pass as a trial preview (the operation then narrows).
     */
    gates?: readonly Feature[];
  }
  interface FastifyInstance {
    db: Kysely<DB>;
    sessionSecret: string;
    /** The service's clock (AppOptions.clock). */
    clock: Clock;
    /** `OUTBOUND_ALLOWED_HOSTS`, parsed: pass it to operations that reach outside (src/net/outbound.ts). */
    outboundAllowedHosts: AllowedHosts;
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

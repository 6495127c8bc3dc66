/**
 * `Idempotency-Key` on every POST of both editions and the newsletter send (docs/conventions.md,
 * docs/decisions/0016); the rules and the storage are the domain's (src/domain/idempotency/).
 *
 * - Every POST route declares the optional header (OpenAPI, and validation: 1–255 visible ASCII
 *   characters, else 400 in the edition's format). A route opts out with `config: { idempotency:
 *   false }` (the MCP endpoint: JSON-RPC over one POST path, whose calls are told apart by their
 *   own ids). Without an authenticated caller (the unsubscribe link) the header is ignored.
 * - preHandler (after authentication, validation and the plan gates, before the quota charge and the
 *   handler): claim the key, or answer now: the stored answer again (`Idempotent-Replayed: true`,
 *   not charged a quota unit, the work not done again), 409 while the first request is in flight,
 *   422 when the key was used for another method, path or body.
 * - onSend: the claimer stores its answer (status, `Content-Type`, `Location`, body) when it is worth
 *   replaying: 2xx, and 4xx other than 409 and 429 (a race and a spent quota may pass on a retry).
 *   Any other answer (5xx) releases the key so that the retry does the work.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  claimIdempotencyKey, IDEMPOTENCY_KEY_PATTERN, releaseIdempotencyKey, saveIdempotentResponse, type IdempotencyHold,
} from '../../domain/idempotency/index.js';
import { ctxOf } from '../types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: this POST route ignores `Idempotency-Key` (src/http/plugins/idempotency.ts). */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** The key this request claimed and must answer for; `null` when none. */
    idempotencyHold: IdempotencyHold | null;
  }
}

/** The response header marking a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Headers stored with an answer and sent again on a replay. */
const REPLAYED_HEADERS = ['content-type', 'location'] as const;

/** The header's declaration, added to every POST route's `headers` schema. */
export const IdempotencyKeyHeader = Type.String({
  pattern: IDEMPOTENCY_KEY_PATTERN,
  description: 'A unique key (a UUID) to retry this request safely: within 24 hours the same key with the same method, path and body replays the first answer (`Idempotent-Replayed: true`) without doing the work again; with another request it is 422; while the first is in progress, 409.',
});

/** The answers the key adds to a POST route, declared with the route's error body. */
const KEY_ANSWERS: Record<string, string> = {
  409: 'Conflict: the write collides with existing state, or a request with this Idempotency-Key is still in progress',
  422: 'This Idempotency-Key was already used with another request (method, path or body) in the last 24 hours',
};

/** True for an answer worth replaying: 2xx, and 4xx other than 409 (a race) and 429 (quota). */
export const isReplayable = (status: number): boolean => (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429);

const operationOf = (request: FastifyRequest) => ({ operation: `${request.method} ${request.url}`, input: request.body ?? null });

/** Installs the plugin on the root scope, before the faces' routes are registered. */
export function installIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyHold', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || route.config?.idempotency === false || !route.schema || route.schema.hide) return;
    const headers = (route.schema.headers ?? Type.Object({})) as { properties?: Record<string, unknown> };
    route.schema.headers = { ...headers, type: 'object', properties: { ...headers.properties, 'idempotency-key': IdempotencyKeyHeader } };
    // Its two answers, in the route's own error body (the one it declares for 400).
    const responses = route.schema.response as Record<string, object> | undefined;
    const errorBody = responses?.['400'] ?? responses?.[400];
    if (responses && errorBody) {
      for (const [status, description] of Object.entries(KEY_ANSWERS)) responses[status] ??= { ...errorBody, description };
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.identity || request.routeOptions.config.idempotency === false || request.is404) return;
    const claim = await claimIdempotencyKey(ctxOf(request), key, operationOf(request));
    if (claim.kind === 'claimed') {
      request.idempotencyHold = { key: claim.key, claim: claim.claim };
      return;
    }
    reply.status(claim.response.status).headers(claim.response.headers).header(REPLAYED_HEADER, 'true');
    return reply.send(claim.response.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const hold = request.idempotencyHold;
    if (!hold) return payload;
    request.idempotencyHold = null;
    try {
      if (isReplayable(reply.statusCode) && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await saveIdempotentResponse(ctxOf(request), hold, { status: reply.statusCode, headers, body: payload.toString() });
      } else {
        await releaseIdempotencyKey(ctxOf(request), hold);
      }
    } catch (err) {
      // The answer still goes out; the key stays in flight until it is abandoned (IN_FLIGHT_TTL_MS).
      request.log.error({ err }, 'idempotency key: storing the answer failed');
    }
    return payload;
  });

  // A request that ends without an answer (the client went away) gives its key up.
  app.addHook('onResponse', async (request) => {
    const hold = request.idempotencyHold;
    if (!hold) return;
    request.idempotencyHold = null;
    await releaseIdempotencyKey(ctxOf(request), hold).catch((err: unknown) => request.log.error({ err }, 'idempotency key: release failed'));
  });
}

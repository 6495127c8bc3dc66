/**
 * Access control of the /api/v1 edition, as hooks of its scope:
 * - onRequest: authenticate the bearer token, then apply the edition's plan gate;
 * - preHandler (after validation): charge the daily quota of API keys and send the
 *   `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` headers on every keyed response.
 * Over quota: 429 with `Retry-After` (seconds to the next UTC midnight).
 */
import type { FastifyInstance } from 'fastify';
import { isMetered, requireApiAccess } from '../../domain/entitlements.js';
import { DomainError } from '../../domain/errors.js';
import { chargeQuota } from '../../domain/quota.js';
import { authenticateRequest } from '../authenticate.js';

export function installApiV1Access(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const identity = await authenticateRequest(request, app.db, app.sessionSecret);
    request.identity = identity;
    requireApiAccess(identity);
  });

  app.addHook('preHandler', async (request, reply) => {
    const identity = request.identity;
    if (!identity || !isMetered(identity) || !identity.apiKeyId) return;
    const quota = await chargeQuota(app.db, identity.apiKeyId, identity.dailyQuota ?? 0);
    reply.header('ratelimit-limit', String(quota.limit));
    reply.header('ratelimit-remaining', String(quota.remaining));
    reply.header('ratelimit-reset', String(quota.resetSeconds));
    reply.header('ratelimit-policy', `${quota.limit};w=86400`);
    if (!quota.allowed) {
      throw new DomainError(
        'QUOTA_EXCEEDED',
        `Daily quota of ${quota.limit} requests for this API key is spent; it resets at 00:00 UTC (in ${quota.resetSeconds} s).`,
        { retryAfterSeconds: quota.resetSeconds },
      );
    }
  });
}

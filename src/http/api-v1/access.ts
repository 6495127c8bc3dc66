/**
 * Access control of the /api/v1 edition, as hooks of its scope:
 * - onRequest: authenticate the bearer token, note the channel (plain HTTP, or the MCP tool server
 *   calling in-process), then apply the edition's plan gate and the route's own feature gate
 *   (`config.feature`, e.g. `wat` on tenders), before anything is charged;
 * - preHandler (after validation): charge the daily quota of API keys and send the
 *   `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` headers on every keyed response.
 *   A call from the MCP tool server is not charged here: its `tools/call` already paid one unit.
 * Over quota: 429 with `Retry-After` (seconds to the next UTC midnight).
 */
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../domain/admin/admin.js';
import { requireApiAccess, requireFeature } from '../../domain/entitlements.js';
import { chargeMetered, quotaSpent } from '../../domain/quota.js';
import { authenticateRequest } from '../authenticate.js';
import { ctxOf } from '../types.js';
import { channelOf } from '../internal-call.js';

/**
 * Installs the access hooks on a scope of the edition. `adminOnly`: the scope is administrators'
 * (`/api/v1/admin/*`, the newsletter send path): any other caller gets 403, on every path of the
 * scope including unknown ones, before any plan gate.
 */
export function installApiV1Access(app: FastifyInstance, options: { adminOnly?: boolean } = {}): void {
  app.addHook('onRequest', async (request) => {
    const identity = await authenticateRequest(request);
    request.identity = { ...identity, channel: channelOf(request) };
    if (options.adminOnly) requireAdmin(request.identity);
    requireApiAccess(request.identity);
    // A route that needs a feature beyond API access declares it: `config: { feature: 'wat' }`.
    const feature = request.routeOptions.config.feature;
    if (feature) requireFeature(request.identity, feature);
  });

  app.addHook('preHandler', async (request, reply) => {
    const identity = request.identity;
    if (!identity || identity.channel === 'mcp') return;
    const quota = await chargeMetered(ctxOf(request), identity);
    if (!quota) return;
    reply.header('ratelimit-limit', String(quota.limit));
    reply.header('ratelimit-remaining', String(quota.remaining));
    reply.header('ratelimit-reset', String(quota.resetSeconds));
    reply.header('ratelimit-policy', `${quota.limit};w=86400`);
    if (!quota.allowed) throw quotaSpent(quota);
  });
}

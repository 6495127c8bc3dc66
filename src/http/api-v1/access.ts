/**
 * Access control of the /api/v1 edition, as hooks of its scope:
 * - onRequest: authenticate the bearer token, note the channel (plain HTTP, or the MCP tool server
 *   calling in-process), then apply the edition's own `api` gate (`mcp` through MCP; its refusal
 *   names feature "api" / "mcp") and the route's content gates (`config.gates`, read from the
 *   domain operation the route calls, `config: { gates: listProjects.gates }`; previews pass and the
 *   operation narrows), before anything is charged;
 * - a preHandler of every matched route (after routing, authentication, the gates and validation):
 *   charge the daily quota of API keys and send the `RateLimit-Limit`, `RateLimit-Remaining`,
 *   `RateLimit-Reset` headers on every keyed response. The not-found handler is no route, so an
 *   unknown path costs nothing; nor does a 401, a 403 or a 400. A call from the MCP tool server is
 *   not charged here: its `tools/call` already paid one unit.
 * Over quota: 429 with `Retry-After` (seconds to the next UTC midnight).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requireAdmin } from '../../domain/admin/admin.js';
import { requireApiAccess, requireGates } from '../../domain/entitlements.js';
import { chargeMetered, quotaSpent } from '../../domain/quota.js';
import { authenticateRequest } from '../authenticate.js';
import { ctxOf } from '../types.js';
import { channelOf, dryRunOf } from '../internal-call.js';

/**
 * Installs the access hooks on a scope of the edition; call it before the scope registers its
 * routes (the quota charge is attached to each route as it is added). `adminOnly`: the scope is
 * administrators' (`/api/v1/admin/*`, the newsletter send path): any other caller gets 403, on
 * every path of the scope including unknown ones, before any plan gate.
 */
export function installApiV1Access(app: FastifyInstance, options: { adminOnly?: boolean } = {}): void {
  app.addHook('onRequest', async (request) => {
    const identity = await authenticateRequest(request);
    request.identity = { ...identity, channel: channelOf(request), ...(dryRunOf(request) ? { dryRun: true as const } : {}) };
    if (options.adminOnly) requireAdmin(request.identity);
    requireApiAccess(request.identity);
    requireGates(request.identity, request.routeOptions.config.gates ?? []);
  });

  app.addHook('onRoute', (route) => {
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [chargeQuota, ...own];
  });
}

/** The quota charge of a matched route: one unit per metered request that reached it. */
const chargeQuota: preHandlerAsyncHookHandler = async function chargeQuota(request: FastifyRequest, reply: FastifyReply) {
  const identity = request.identity;
  if (!identity || identity.channel === 'mcp') return;
  const quota = await chargeMetered(ctxOf(request), identity);
  if (!quota) return;
  reply.header('ratelimit-limit', String(quota.limit));
  reply.header('ratelimit-remaining', String(quota.remaining));
  reply.header('ratelimit-reset', String(quota.resetSeconds));
  reply.header('ratelimit-policy', `${quota.limit};w=86400`);
  if (!quota.allowed) throw quotaSpent(quota);
};

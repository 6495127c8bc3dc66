/**
 * Access control of the /v1 edition, as hooks of its scope. Each route declares who may call it in
 * its `config`:
 * - `access: 'public'` needs no token (plans, billing config); `'user'` any valid token (`/v1/me`);
 *   `'subscriber'` (the default) a token of an account with an active subscription (trial included);
 * - `gates` the features the route needs on top (an entry of the domain's `GATES`, the same as the
 *   /api/v1 route of the same operation; seed 001, section 5). `archive`, `projects` and `wat` may
 *   be held as a trial preview: the operation then runs narrowed (src/domain/previews.ts); every
 *   other feature (`exports`) must be held in full. A refusal is 403 naming the feature, also to a
 *   caller without any subscription (the gates are checked before the subscription).
 * There is no request quota on this edition (seed 001, section 8).
 *
 * The query string keeps only the first value of a repeated parameter (`?limit=5&limit=500` is
 * `limit=5`), before validation.
 */
import type { FastifyInstance } from 'fastify';
import { requireAnyFeature, requireGates, requireSubscription, type Feature } from '../../domain/entitlements.js';
import { authenticateRequest } from '../authenticate.js';
import { checkOrigin } from '../session-cookie.js';
import { inV1Admin } from './admin/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /v1: who may call the route (default `subscriber`). */
    access?: 'public' | 'user' | 'subscriber';
    /** /v1: features of which the caller must hold at least one (an entry of the domain's `ANY_GATES`). */
    anyGates?: readonly Feature[];
  }
}

/** `{ a: ['1', '2'] }` → `{ a: '1' }`: a repeated parameter keeps its first value. */
export function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

export function installV1Access(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // /v1/admin guards itself (src/http/v1/admin/index.ts): 404 to non-administrators, no plan gate.
    if (inV1Admin(request)) return;
    const { access = 'subscriber', gates = [], anyGates = [], signIn = false } = request.routeOptions.config;
    // A sign-in endpoint has no session to bind a token to: a foreign Origin is refused (login CSRF).
    if (signIn) checkOrigin(request);
    if (access === 'public') return;
    const identity = await authenticateRequest(request);
    request.identity = { ...identity, channel: 'http' };
    if (access === 'user') return;
    // The gates first: a caller without a subscription is told which feature the route needs
    // (seed 001, section 7: the detail names what is not included); an ungated route then needs a plan.
    requireGates(identity, gates);
    requireAnyFeature(identity, anyGates);
    requireSubscription(identity);
  });

  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') request.query = firstValues(request.query as Record<string, unknown>);
  });
}

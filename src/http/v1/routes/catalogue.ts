/**
 * /v1 catalogue reads without a token (seed 001, sections 4 and 5):
 * | GET | /v1/plans          | { plans }: active plans with price book and buyable add-ons |
 * | GET | /v1/billing/config | { checkout_enabled, mode }; disabled until a payment provider is configured |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getBillingConfig, listPlans } from '../../../domain/billing/index.js';
import { ctxOf } from '../../types.js';
import { StringEnum } from '../../schema.js';
import { Named } from '../named.js';
import { Plan } from '../records/plan.js';

const config = { access: 'public' as const };

const BillingConfig = Type.Object({
  checkout_enabled: Type.Boolean(),
  mode: StringEnum(['test', 'live', 'disabled'] as const, { description: 'test or live from the STRIPE_SECRET_KEY prefix; disabled: none is configured (checkout answers 503)' }),
}, { title: 'BillingConfig' });

export default async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/plans', {
    config,
    schema: {
      operationId: 'v1ListPlans', summary: 'Plans on sale, with prices per currency and interval and buyable add-ons (no token)', tags: ['Account'],
      description: 'Inactive plans are omitted: Enterprise is sold by contract and not listed.',
      response: { 200: Named('plans', Plan) },
    },
  }, async (req) => ({ plans: await listPlans(ctxOf(req)) }));

  r.get('/billing/config', {
    config,
    schema: {
      operationId: 'v1GetBillingConfig', summary: 'Whether checkout is enabled, and in which mode (no token)', tags: ['Account'],
      response: { 200: BillingConfig },
    },
  }, async (req) => getBillingConfig(ctxOf(req), req.server.payments));
}

/**
 * /v1 billing (seed 001, section 4, "Billing"; docs/accounts.md, decision 0021):
 * | GET  | /v1/billing/quote          | no token; the authoritative total from the catalogue tables        |
 * | POST | /v1/billing/trial          | a 14-day trial for an account without a subscription; 409 else     |
 * | POST | /v1/billing/checkout       | owner or admin member; a hosted checkout at the provider; 503 off  |
 * | GET  | /v1/billing/checkout/{id}  | its state, from the provider; another account's id is 404          |
 * | POST | /v1/billing/cancel         | owner only; at period end, access continues until then             |
 * | POST | /v1/billing/webhook        | no token; the provider's notifications, signature verified         |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { cancelSubscription, CheckoutInput, getCheckout, handleBillingEvent, quotePurchase, QuoteQuery, startCheckout, startTrial } from '../../../domain/billing/index.js';
import { component, Nullable, StringEnum } from '../../schema.js';
import { created } from '../../respond.js';
import { ctxOf } from '../../types.js';
import { UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { presentSubscription, Subscription } from '../records/account.js';

const tags = ['Account'];
const open = { access: 'public' as const };
/** Any valid token: an account without a subscription starts a trial or buys one. */
const anyUser = { access: 'user' as const };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const LineItem = Type.Object({
  code: Type.String({ description: 'plan:<code>, seats or addon:<code>' }),
  description: Type.String(),
  quantity: Type.Integer({ minimum: 0 }),
  unit_amount: Type.Integer({ minimum: 0, description: 'Minor units per interval' }),
  amount: Type.Integer({ minimum: 0, description: 'quantity × unit_amount' }),
});
const Quote = component('V1Quote', Type.Object({
  plan: Type.String(), currency: Type.String(), interval: StringEnum(['month', 'year'] as const),
  extra_seats: Type.Integer({ minimum: 0 }), seats: Type.Integer({ minimum: 1, description: 'Included seats plus extra seats' }),
  addons: Type.Array(Type.String()), line_items: Type.Array(LineItem),
  total: Type.Integer({ minimum: 0, description: 'Sum of the line items, minor units per interval' }),
}, { title: 'Quote' }));
const CheckoutCreated = component('V1CheckoutCreated', Type.Object({
  id: Type.String({ format: 'uuid', description: 'The checkout\'s id (for GET /v1/billing/checkout/{id})' }),
  url: Type.String({ description: 'The provider\'s hosted checkout page: redirect the buyer there (it is not stored and expires)' }),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
}, { title: 'CheckoutCreated' }));
const CheckoutState = component('V1CheckoutState', Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: Type.String({ description: 'open, complete or expired (from the provider); failed when the provider refused it' }),
  payment_status: Nullable(Type.String({ description: 'paid, unpaid or no_payment_required (from the provider)' })),
  plan: Type.String(), currency: Type.String(), interval: Type.String(), extra_seats: Type.Integer({ minimum: 0 }),
  addons: Type.Array(Type.String()), amount: Type.Integer({ minimum: 0, description: 'Minor units per interval' }),
  created_at: Type.String({ format: 'date-time' }), expires_at: Nullable(Type.String({ format: 'date-time' })),
}, { title: 'CheckoutState' }));
const WebhookAck = Type.Object({
  received: Type.Literal(true), event_id: Type.String(), type: Type.String(),
  outcome: StringEnum(['processed', 'duplicate', 'ignored'] as const, { description: 'duplicate: this event id was processed before; nothing changed' }),
});

export default async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/billing/quote', {
    config: open,
    schema: {
      operationId: 'v1GetQuote', summary: 'Price a plan with extra seats and add-ons, from the catalogue (no token)', tags, 
      description: 'The authoritative total in integer minor units with its line items, from the same price book as checkout. Unknown plan or currency: 400; Enterprise: 400 (sold by contract).',
      querystring: QuoteQuery, response: { 200: Quote },
    },
  }, async (req) => quotePurchase(ctxOf(req), req.query));

  r.post('/billing/trial', {
    config: anyUser,
    schema: {
      operationId: 'v1StartTrial', summary: 'Start a 14-day trial (account without a subscription)', tags,
      description: 'Owner or admin member. 409 when the account already has a subscription. Answers the new subscription.',
      response: { 201: Subscription, ...problemResponses(409) },
    },
  }, async (req, reply) => created(reply, presentSubscription(await startTrial(ctxOf(req))), '/v1/account/subscription'));

  r.post('/billing/checkout', {
    config: anyUser,
    schema: {
      operationId: 'v1CreateCheckout', summary: 'Create a hosted checkout at the payment provider (owner or admin member)', tags,
      description: 'Line items from the same price book as the quote. Answers { id, url, expires_at }: redirect the buyer to url. 503 when checkout is disabled on the deployment (GET /v1/billing/config). The subscription is activated by the provider\'s notification.',
      body: component('V1CheckoutInput', CheckoutInput, { plan: 'professional', currency: 'EUR', interval: 'year', extra_seats: 2, add_wat: true }),
      response: { 201: CheckoutCreated },
    },
  }, async (req, reply) => {
    const checkout = await startCheckout(ctxOf(req), req.server.payments, req.body);
    return created(reply, { ...checkout, expires_at: iso(checkout.expires_at) }, `/v1/billing/checkout/${checkout.id}`);
  });

  r.get('/billing/checkout/:id', {
    config: anyUser,
    schema: {
      operationId: 'v1GetCheckout', summary: 'The state of a checkout, read from the payment provider', tags,
      description: 'A checkout of another account is 404 (never 403). The redirect URL is not stored and is not returned.',
      params: UuidParam('Checkout'), response: { 200: CheckoutState, ...problemResponses(403, 404) },
    },
  }, async (req) => {
    const c = await getCheckout(ctxOf(req), req.server.payments, req.params.id);
    return { ...c, created_at: c.created_at.toISOString(), expires_at: iso(c.expires_at) };
  });

  r.post('/billing/cancel', {
    schema: {
      operationId: 'v1CancelSubscription', summary: 'Cancel the subscription at period end (owner only)', tags,
      description: 'Access continues until current_period_end; the answer is the subscription with cancel_at_period_end true. A subscription without a period end gets the next monthly anniversary of its start.',
      response: { 200: Subscription, ...problemResponses(404, 409) },
    },
  }, async (req) => presentSubscription(await cancelSubscription(ctxOf(req), req.server.payments)));

  // The provider's notifications need the body exactly as sent: a scope of their own with a raw parser.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<TypeBoxTypeProvider>().post('/billing/webhook', {
      config: { ...open, idempotency: false },
      schema: {
        operationId: 'v1BillingWebhook', summary: 'The payment provider\'s notifications (no token; signature verified)', tags, 
        description: 'Stripe events signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature header, 300 s tolerance); each event id is processed once (a replay answers outcome duplicate and changes nothing). checkout.session.completed activates the subscription; customer.subscription.updated/deleted and invoice.paid/payment_failed keep it in step. A missing or bad signature or a stale timestamp: 400.',
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000, description: 't=<unix time>,v1=<HMAC-SHA256>' })) }),
        response: { 200: WebhookAck },
      },
    }, async (req) => handleBillingEvent(ctxOf(req), req.server.payments, req.body as Buffer, req.headers['stripe-signature']));
  });
}

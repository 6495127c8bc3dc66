/**
 * Billing on /v1 (issue 11): quote totals from the catalogue, trial (409 when a subscription
 * exists), checkout through the real Stripe SDK against a local stand-in (503 when disabled), the
 * provider's notification verified by the SDK and processed once under replays, cancellation that
 * keeps access until the period ends (by the service clock).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { DAY_MS } from '../../src/domain/clock.js';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
let h: Harness;
let off: Harness;
let stand: StripeStandIn;
const sdk = new Stripe('sk_test_helper');

before(async () => {
  stand = await startStripeStandIn(() => h.clock.now());
  h = await startHarness({
    payments: { secretKey: 'sk_test_0123456789', webhookSecret: WEBHOOK_SECRET, apiUrl: stand.url, successUrl: 'https://app.example/paid', cancelUrl: 'https://app.example/cancelled' },
  });
  off = await startHarness();
});
after(async () => {
  await h.close();
  await off.close();
  await stand.close();
});

const json = (auth: Record<string, string>) => ({ ...auth, 'content-type': 'application/json' });
const post = (hh: Harness, url: string, auth: Record<string, string>, body: unknown = {}) => hh.app.inject({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });

/** Sends `event` to the webhook signed at `at` (default the service clock) with `secret`. */
function deliver(event: object, options: { at?: Date; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: Math.floor((options.at ?? h.clock.now()).getTime() / 1000) });
  return h.app.inject({ method: 'POST', url: '/v1/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}

describe('billing config and quote', () => {
  it('reports test mode from the key, disabled without one', async () => {
    assert.deepEqual((await h.app.inject({ method: 'GET', url: '/v1/billing/config' })).json(), { checkout_enabled: true, mode: 'test' });
    assert.deepEqual((await off.app.inject({ method: 'GET', url: '/v1/billing/config' })).json(), { checkout_enabled: false, mode: 'disabled' });
  });

  it('totals equal the sum of the catalogue rows for several combinations', async () => {
    const db = h.database.db;
    const cases = [
      { plan: 'core', currency: 'USD', interval: 'month', extra_seats: 0, add_wat: false },
      { plan: 'core', currency: 'GBP', interval: 'year', extra_seats: 2, add_wat: true },
      { plan: 'professional', currency: 'EUR', interval: 'month', extra_seats: 5, add_wat: true },
      { plan: 'professional', currency: 'usd', interval: 'year', extra_seats: 1, add_wat: false },
    ] as const;
    for (const c of cases) {
      const res = await h.app.inject({ method: 'GET', url: `/v1/billing/quote?plan=${c.plan}&currency=${c.currency}&interval=${c.interval}&extra_seats=${c.extra_seats}&add_wat=${c.add_wat}` });
      assert.equal(res.statusCode, 200, res.body);
      const quote = res.json() as { total: number; line_items: { amount: number }[]; currency: string };
      const cur = c.currency.toUpperCase();
      const price = await db.selectFrom('plan_prices').selectAll().where('plan_code', '=', c.plan).where('currency', '=', cur).where('interval', '=', c.interval).executeTakeFirstOrThrow();
      const wat = c.add_wat ? (await db.selectFrom('addon_prices').selectAll().where('addon_code', '=', 'wat').where('currency', '=', cur).where('interval', '=', c.interval).executeTakeFirstOrThrow()).amount : 0;
      assert.equal(quote.total, price.amount + c.extra_seats * price.seat_amount + wat, JSON.stringify(c));
      assert.equal(quote.total, quote.line_items.reduce((s, l) => s + l.amount, 0));
      assert.equal(quote.currency, cur);
    }
  });

  it('refuses an unknown plan or currency, Enterprise and the trial with 400 naming the field', async () => {
    for (const [query, field] of [['plan=gold&currency=USD', 'plan'], ['plan=core&currency=JPY', 'currency'], ['plan=enterprise&currency=USD', 'plan'], ['plan=trial&currency=USD', 'plan'], ['plan=core', 'currency']] as const) {
      const res = await h.app.inject({ method: 'GET', url: `/v1/billing/quote?${query}` });
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      assert.match(String(res.headers['content-type']), /problem\+json/);
      assert.equal((res.json() as { errors?: { name: string }[] }).errors?.[0]?.name, field, query);
    }
  });
});

describe('trial', () => {
  it('starts a 14-day trial for an account without a subscription, 409 when one exists', async () => {
    const fresh = await h.identity({});
    const res = await post(h, '/v1/billing/trial', fresh.sessionAuth);
    assert.equal(res.statusCode, 201, res.body);
    const sub = res.json() as { plan: string; status: string; trial_end: string; current_period_end: string };
    assert.equal(sub.plan, 'trial');
    assert.equal(sub.status, 'trialing');
    assert.equal((await h.app.inject({ method: 'GET', url: String(res.headers.location), headers: fresh.sessionAuth })).statusCode, 200, 'Location reads the subscription');
    assert.equal(sub.trial_end, new Date(h.clock.now().getTime() + 14 * DAY_MS).toISOString());
    const me = (await h.app.inject({ method: 'GET', url: '/v1/me', headers: fresh.sessionAuth })).json() as { features: string[]; previews: string[] };
    assert.ok(me.features.includes('api') && me.previews.includes('projects'));
    const again = await post(h, '/v1/billing/trial', fresh.sessionAuth);
    assert.equal(again.statusCode, 409);
    const pro = await h.identity({ plan: 'professional' });
    assert.equal((await post(h, '/v1/billing/trial', pro.sessionAuth)).statusCode, 409);
  });
});

describe('checkout and the provider notification', () => {
  it('answers 503 problem+json when checkout is disabled', async () => {
    const u = await off.identity({});
    const res = await post(off, '/v1/billing/checkout', u.sessionAuth, { plan: 'core', currency: 'USD' });
    assert.equal(res.statusCode, 503);
    assert.match(String(res.headers['content-type']), /problem\+json/);
    assert.match((res.json() as { detail: string }).detail, /disabled/);
  });

  let buyer: TestIdentity;
  let checkoutId: string;
  it('creates a hosted checkout with the SDK at the stand-in, line items from the quote\'s price book', async () => {
    buyer = await h.identity({});
    const res = await post(h, '/v1/billing/checkout', buyer.sessionAuth, { plan: 'professional', currency: 'EUR', interval: 'year', extra_seats: 2, add_wat: true });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { id: string; url: string; expires_at: string };
    checkoutId = body.id;
    assert.match(body.url, /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    assert.equal(res.headers.location, `/v1/billing/checkout/${body.id}`);
    assert.equal((await h.app.inject({ method: 'GET', url: String(res.headers.location), headers: buyer.sessionAuth })).statusCode, 200, 'Location reads the checkout');
    const call = stand.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.get('client_reference_id') === body.id)!;
    assert.ok(call, 'the SDK called the stand-in');
    assert.equal(call.params.get('mode'), 'subscription');
    assert.equal(call.params.get('success_url'), 'https://app.example/paid');
    let sum = 0;
    for (let i = 0; call.params.has(`line_items[${i}][quantity]`); i++) {
      sum += Number(call.params.get(`line_items[${i}][quantity]`)) * Number(call.params.get(`line_items[${i}][price_data][unit_amount]`));
      assert.equal(call.params.get(`line_items[${i}][price_data][recurring][interval]`), 'year');
      assert.equal(call.params.get(`line_items[${i}][price_data][currency]`), 'eur');
    }
    const quote = (await h.app.inject({ method: 'GET', url: '/v1/billing/quote?plan=professional&currency=EUR&interval=year&extra_seats=2&add_wat=true' })).json() as { total: number };
    assert.equal(sum, quote.total);
    const row = await h.database.db.selectFrom('checkouts').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes('checkout.stripe.test'), 'the redirect URL is not stored');
  });

  it('reads a checkout\'s state from the provider; another account\'s checkout is 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/v1/billing/checkout/${checkoutId}`, headers: buyer.sessionAuth });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { status: string }).status, 'open');
    assert.ok(!res.body.includes('checkout.stripe.test'));
    const other = await h.identity({ plan: 'professional' });
    const hidden = await h.app.inject({ method: 'GET', url: `/v1/billing/checkout/${checkoutId}`, headers: other.sessionAuth });
    assert.equal(hidden.statusCode, 404);
  });

  it('activates the subscription once under three replays; refuses a bad signature and a stale timestamp', async () => {
    const session = stand.sessions.get([...stand.sessions.keys()].find((k) => (stand.sessions.get(k)!.metadata as { checkout_id: string }).checkout_id === checkoutId)!)!;
    const event = { id: 'evt_test_completed_1', object: 'event', type: 'checkout.session.completed', data: { object: { ...session, status: 'complete', payment_status: 'paid', subscription: 'sub_test_1' } } };
    const bad = await deliver(event, { secret: 'whsec_wrong' });
    assert.equal(bad.statusCode, 400);
    const stale = await deliver(event, { at: new Date(h.clock.now().getTime() - 301_000) });
    assert.equal(stale.statusCode, 400);
    assert.match((stale.json() as { detail: string }).detail, /signature/);
    const unsigned = await h.app.inject({ method: 'POST', url: '/v1/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    assert.equal(unsigned.statusCode, 400);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: buyer.sessionAuth })).statusCode, 404, 'nothing activated yet');

    const first = await deliver(event);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((first.json() as { outcome: string }).outcome, 'processed');
    const sub = (await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: buyer.sessionAuth })).json() as { id: string; plan: string; status: string; addons: string[]; seats: { bought: number } };
    assert.equal(sub.plan, 'professional');
    assert.equal(sub.status, 'active');
    assert.deepEqual(sub.addons, ['wat']);
    assert.equal(sub.seats.bought, 5);
    const before = await h.database.db.selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1000);
      const replay = await deliver(event);
      assert.equal(replay.statusCode, 200);
      assert.equal((replay.json() as { outcome: string }).outcome, 'duplicate');
    }
    h.clock.set(TEST_NOW);
    assert.deepEqual(await h.database.db.selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow(), before, 'replays change nothing');
    const account = await h.database.db.selectFrom('subscriptions').select('id').where('account_id', '=', (await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', buyer.userId).executeTakeFirstOrThrow()).id).execute();
    assert.equal(account.length, 1, 'one subscription');
    const checkout = (await h.database.db.selectFrom('checkouts').select('status').where('id', '=', checkoutId).executeTakeFirstOrThrow());
    assert.equal(checkout.status, 'complete');
    const me = (await h.app.inject({ method: 'GET', url: '/v1/me', headers: buyer.sessionAuth })).json() as { features: string[] };
    assert.ok(me.features.includes('wat') && me.features.includes('projects'));

    // A failed invoice makes it past_due, a paid one active again with the period it pays for.
    const periodEnd = Math.floor(h.clock.now().getTime() / 1000) + 365 * 86_400;
    await deliver({ id: 'evt_test_failed', object: 'event', type: 'invoice.payment_failed', data: { object: { id: 'in_1', object: 'invoice', subscription: 'sub_test_1' } } });
    assert.equal((await h.database.db.selectFrom('subscriptions').select('status').where('id', '=', sub.id).executeTakeFirstOrThrow()).status, 'past_due');
    await deliver({ id: 'evt_test_paid', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_2', object: 'invoice', subscription: 'sub_test_1', lines: { data: [{ period: { end: periodEnd } }] } } } });
    const paid = await h.database.db.selectFrom('subscriptions').select(['status', 'current_period_end']).where('id', '=', sub.id).executeTakeFirstOrThrow();
    assert.equal(paid.status, 'active');
    assert.equal(paid.current_period_end!.getTime(), periodEnd * 1000);
  });

  it('a plain member may not start a checkout', async () => {
    const owner = await h.identity({ plan: 'professional' });
    const member = await h.identity({});
    const invite = await post(h, '/v1/account/members', owner.sessionAuth, { email: member.email });
    assert.equal(invite.statusCode, 201, invite.body);
    const res = await post(h, '/v1/billing/checkout', member.sessionAuth, { plan: 'core', currency: 'USD' });
    assert.equal(res.statusCode, 403);
  });
});

describe('cancel', () => {
  it('owner only; keeps access until current_period_end, then ends it', async () => {
    const owner = await h.identity({ plan: 'professional' });
    const member = await h.identity({});
    assert.equal((await post(h, '/v1/account/members', owner.sessionAuth, { email: member.email, role: 'admin' })).statusCode, 201);
    assert.equal((await post(h, '/v1/billing/cancel', member.sessionAuth)).statusCode, 403, 'an admin member may not cancel');
    const res = await post(h, '/v1/billing/cancel', owner.sessionAuth);
    assert.equal(res.statusCode, 200, res.body);
    const sub = res.json() as { cancel_at_period_end: boolean; current_period_end: string };
    assert.equal(sub.cancel_at_period_end, true);
    const end = new Date(sub.current_period_end).getTime();
    assert.ok(end > h.clock.now().getTime() && end <= h.clock.now().getTime() + 31 * DAY_MS, `the next monthly anniversary of its start: ${sub.current_period_end}`);
    try {
      h.clock.set(new Date(new Date(sub.current_period_end).getTime() - 1000));
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/projects', headers: owner.keyAuth })).statusCode, 200, 'access continues');
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/projects', headers: member.keyAuth })).statusCode, 200, 'for members too');
      h.clock.set(sub.current_period_end);
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/projects', headers: owner.keyAuth })).statusCode, 403, 'ended at current_period_end');
    } finally {
      h.clock.set(TEST_NOW);
    }
  });
});

/**
 * Buying a plan in real Chromium (issue 25): the buyer picks a plan on /account/subscription, sees
 * the quote, checks out; the provider's hosted page (the local Stripe stand-in's URL, answered in
 * the browser by a stand-in page that returns to CHECKOUT_SUCCESS_URL as Stripe does) sends them to
 * /billing/success, which shows the subscription active once the signed notification arrives.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../accounts/stripe-stand-in.js';
import { assertAccessible, expectHeading, freePort, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

const WEBHOOK_SECRET = 'whsec_browser_0123456789abcdef';
let svc: BrowserService;
let stand: StripeStandIn;
const sdk = new Stripe('sk_test_browser');

before(async () => {
  stand = await startStripeStandIn(() => svc.h.clock.now());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  svc = await startBrowserService({
    publicPort: port,
    payments: { secretKey: 'sk_test_browser_0123', webhookSecret: WEBHOOK_SECRET, apiUrl: stand.url, successUrl: `${base}/billing/success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${base}/billing/cancel` },
  });
});
after(async () => {
  await svc.close();
  await stand.close();
});

describe('checkout at the payment provider', () => {
  it('the success page shows the subscription active after the signed notification', async () => {
    const buyer = await svc.h.identity({});
    const context = await svc.newContext();
    // The provider's hosted page: returns to the success URL with its session id, as Stripe does.
    await context.route('https://checkout.stripe.test/**', async (route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop()!;
      await route.fulfill({ status: 303, headers: { location: `${svc.baseUrl}/billing/success?session_id=${id}` } });
    });
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, buyer.email);
      await page.goto('/account/subscription');
      await expectHeading(page, 'Subscription');
      await page.getByRole('button', { name: 'Choose Professional' }).click();
      await page.getByTestId('quote-total').waitFor();
      await assertAccessible(page, '/account/subscription (quote)');
      await page.getByRole('button', { name: 'Check out' }).click();
      await page.waitForURL('**/billing/success?session_id=cs_test_*');
      await expectHeading(page, 'Thank you');
      await page.getByText(/Waiting for the payment provider/).waitFor();
      await assertAccessible(page, '/billing/success (pending)');

      const [sessionId] = [...stand.sessions.keys()];
      const session = stand.sessions.get(sessionId!)!;
      const event = { id: 'evt_browser_completed_1', object: 'event', type: 'checkout.session.completed', data: { object: { ...session, status: 'complete', payment_status: 'paid', subscription: 'sub_browser_1' } } };
      const payload = JSON.stringify(event);
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(svc.h.clock.now().getTime() / 1000) });
      const res = await svc.call('/v1/billing/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      assert.equal(res.status, 200, await res.text());

      await page.getByTestId('checkout-active').waitFor({ timeout: 15_000 });
      await page.getByText(/Your professional plan is active/i).waitFor();
      await assertAccessible(page, '/billing/success (active)');
    } finally {
      await context.close();
    }
  });

  it('the cancel page says nothing was charged', async () => {
    const buyer = await svc.h.identity({});
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, buyer.email);
      await page.goto('/billing/cancel');
      await expectHeading(page, 'Checkout cancelled');
      await page.getByText('nothing was charged').waitFor();
      await assertAccessible(page, '/billing/cancel');
    } finally {
      await context.close();
    }
  });
});

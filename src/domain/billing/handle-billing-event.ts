/**
 * The payment provider's notifications (`POST /v1/billing/webhook`): the signature is verified with
 * the SDK (300 s tolerance, against the service clock); each event is processed exactly once by its
 * id (`billing_events`, inserted in the transaction of the effect, so a replay is acknowledged and
 * changes nothing). Effects:
 * - `checkout.session.completed`: the checkout is complete and the account's subscription active on
 *   its plan, seats and add-ons, whether or not the buyer returns to the page;
 * - `customer.subscription.updated` / `.deleted`: status, period end and cancellation kept in step;
 * - `invoice.paid` / `invoice.payment_failed`: active (period end moved on) / past_due.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { WEBHOOK_TOLERANCE_SECONDS, type PaymentProvider } from './provider.js';

/** What the endpoint answers the provider. */
export interface WebhookResult {
  received: true;
  event_id: string;
  type: string;
  /** `processed`: applied now; `duplicate`: already processed (nothing changed); `ignored`: a type the service does not act on. */
  outcome: 'processed' | 'duplicate' | 'ignored';
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? (v as Obj).id as string : null);
const unix = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v * 1000) : null);
const STATUS: Record<string, string> = { active: 'active', trialing: 'trialing', past_due: 'past_due', unpaid: 'past_due', incomplete: 'past_due', canceled: 'canceled', incomplete_expired: 'canceled', paused: 'past_due' };

/** The period end a subscription object carries (on the object, or on its first item in newer API versions). */
function periodEnd(sub: Obj): Date | null {
  const direct = unix(sub.current_period_end);
  if (direct) return direct;
  const items = (sub.items as Obj | undefined)?.data as Obj[] | undefined;
  return unix(items?.[0]?.current_period_end);
}

/** The provider's subscription id an invoice is for. */
function invoiceSubscription(invoice: Obj): string | null {
  const parent = invoice.parent as Obj | undefined;
  return str(invoice.subscription) ?? str((parent?.subscription_details as Obj | undefined)?.subscription);
}

async function completeCheckout(trx: Transaction<DB>, ctx: Ctx, session: Obj): Promise<void> {
  const checkoutId = str((session.metadata as Obj | undefined)?.checkout_id) ?? str(session.client_reference_id);
  if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return;
  const checkout = await trx.selectFrom('checkouts').selectAll().where('id', '=', checkoutId).forUpdate().executeTakeFirst();
  if (!checkout) return;
  const now = ctx.now();
  await trx.updateTable('checkouts').set({ status: 'complete', completed_at: now }).where('id', '=', checkout.id).execute();
  const plan = await trx.selectFrom('plans').select('included_seats').where('code', '=', checkout.plan_code).executeTakeFirstOrThrow();
  const values = {
    plan_code: checkout.plan_code, status: 'active', seats: plan.included_seats + checkout.extra_seats, provider_ref: str(session.subscription),
    current_period_start: now, current_period_end: new Date(now.getTime() + (checkout.interval === 'year' ? 365 : 31) * DAY_MS),
    cancel_at_period_end: false, updated_at: now,
  };
  const current = await trx.selectFrom('subscriptions').select('id').where('account_id', '=', checkout.account_id).where('status', '<>', 'expired')
    .orderBy('created_at', 'desc').executeTakeFirst();
  let subId: string;
  if (current) {
    await trx.updateTable('subscriptions').set(values).where('id', '=', current.id).execute();
    // Older subscriptions of the account end: one subscription per account.
    await trx.updateTable('subscriptions').set({ status: 'expired', updated_at: now }).where('account_id', '=', checkout.account_id).where('id', '<>', current.id).where('status', '<>', 'expired').execute();
    subId = current.id;
  } else {
    subId = (await trx.insertInto('subscriptions').values({ account_id: checkout.account_id, ...values, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  }
  await trx.deleteFrom('subscription_addons').where('subscription_id', '=', subId).execute();
  if (checkout.addons.length) await trx.insertInto('subscription_addons').values(checkout.addons.map((a) => ({ subscription_id: subId, addon_code: a }))).execute();
}

async function syncSubscription(trx: Transaction<DB>, ctx: Ctx, sub: Obj, deleted: boolean): Promise<void> {
  const ref = str(sub.id);
  if (!ref) return;
  const status = deleted ? 'canceled' : STATUS[String(sub.status)] ?? 'past_due';
  await trx.updateTable('subscriptions').set({
    status,
    cancel_at_period_end: sub.cancel_at_period_end === true,
    // A deleted subscription ends now; otherwise the provider's period end.
    ...(deleted ? { current_period_end: ctx.now() } : periodEnd(sub) ? { current_period_end: periodEnd(sub) } : {}),
    updated_at: ctx.now(),
  }).where('provider_ref', '=', ref).execute();
}

async function syncInvoice(trx: Transaction<DB>, ctx: Ctx, invoice: Obj, paid: boolean): Promise<void> {
  const ref = invoiceSubscription(invoice);
  if (!ref) return;
  const lines = ((invoice.lines as Obj | undefined)?.data as Obj[] | undefined) ?? [];
  const end = unix((lines[0]?.period as Obj | undefined)?.end);
  await trx.updateTable('subscriptions').set({
    status: paid ? 'active' : 'past_due', ...(paid && end ? { current_period_end: end } : {}), updated_at: ctx.now(),
  }).where('provider_ref', '=', ref).execute();
}

/**
 * Verifies and applies one notification.
 * @param rawBody the request body exactly as received
 * @param signature the `Stripe-Signature` header
 * @throws DomainError VALIDATION (no webhook secret configured, missing or bad signature, stale timestamp)
 */
export async function handleBillingEvent(ctx: Ctx, provider: PaymentProvider | undefined, rawBody: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
  if (!provider?.webhookSecret) throw invalidParam('stripe-signature', 'cannot be verified: payment notifications are not configured on this deployment (STRIPE_WEBHOOK_SECRET)');
  if (!signature) throw invalidParam('stripe-signature', 'the header is missing');
  let event;
  try {
    event = provider.stripe.webhooks.constructEvent(rawBody, signature, provider.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, ctx.now().getTime() /* ms: the SDK divides by 1000 */);
  } catch (err) {
    throw invalidParam('stripe-signature', `the signature does not verify: ${(err as Error).message.split('\n')[0]}`);
  }
  const object = event.data.object as unknown as Obj;
  return writeTransaction(ctx, async (trx, tctx) => {
    const fresh = await trx.insertInto('billing_events').values({ event_id: event.id, type: event.type, processed_at: ctx.now() })
      .onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').executeTakeFirst();
    if (!fresh) return { received: true, event_id: event.id, type: event.type, outcome: 'duplicate' };
    switch (event.type) {
      case 'checkout.session.completed': await completeCheckout(trx, tctx, object); break;
      case 'customer.subscription.updated': await syncSubscription(trx, tctx, object, false); break;
      case 'customer.subscription.deleted': await syncSubscription(trx, tctx, object, true); break;
      case 'invoice.paid': await syncInvoice(trx, tctx, object, true); break;
      case 'invoice.payment_failed': await syncInvoice(trx, tctx, object, false); break;
      default: return { received: true, event_id: event.id, type: event.type, outcome: 'ignored' };
    }
    return { received: true, event_id: event.id, type: event.type, outcome: 'processed' };
  });
}

/**
 * Hosted checkout at the payment provider (Stripe Checkout, through the official SDK): line items
 * from the same price book as the quote; the provider's redirect URL is returned, never stored.
 */
import type { Ctx } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { accountOf, accountWithRole } from '../accounts/index.js';
import type { PaymentProvider } from './provider.js';
import { quotePurchase } from './quote-purchase.js';
import type { CheckoutInput } from './schemas.js';

/** A checkout as created: its id (ours), the provider's page and when it expires. */
export interface CheckoutCreated {
  id: string;
  url: string;
  expires_at: Date | null;
}

/** A checkout's state, read from the provider. */
export interface CheckoutState {
  id: string;
  /** open, complete, expired. */
  status: string;
  /** paid, unpaid, no_payment_required (the provider's word), or null. */
  payment_status: string | null;
  plan: string;
  currency: string;
  interval: string;
  extra_seats: number;
  addons: string[];
  amount: number;
  created_at: Date;
  expires_at: Date | null;
}

/** Refuses when checkout is disabled. @throws DomainError UNAVAILABLE (503) */
export function requireProvider(provider: PaymentProvider | undefined): PaymentProvider {
  if (!provider) throw new DomainError('UNAVAILABLE', 'Checkout is disabled on this deployment (no payment provider is configured); see GET /v1/billing/config');
  return provider;
}

const fromUnix = (s: unknown): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

/**
 * Creates a hosted checkout for the caller's account (`POST /v1/billing/checkout`; owner or admin
 * member): the quote's line items, our checkout id in the session's metadata and client reference.
 * @throws DomainError UNAVAILABLE (checkout disabled), FORBIDDEN (a plain member), VALIDATION (as the quote)
 */
export async function startCheckout(ctx: Ctx, provider: PaymentProvider | undefined, input: CheckoutInput): Promise<CheckoutCreated> {
  const { accountId, identity } = await accountWithRole(ctx, ['owner', 'admin'], 'buy a subscription');
  // Bad input is refused as such (an unknown plan or currency) before the deployment's availability.
  const quote = await quotePurchase(ctx, { plan: input.plan, currency: input.currency, interval: input.interval ?? 'month', extra_seats: input.extra_seats ?? 0, add_wat: input.add_wat ?? false });
  const payments = requireProvider(provider);
  const checkout = await ctx.db.insertInto('checkouts').values({
    account_id: accountId, created_by: identity.userId, plan_code: quote.plan, currency: quote.currency, interval: quote.interval,
    extra_seats: quote.extra_seats, addons: quote.addons, amount: quote.total, created_at: ctx.now(),
  }).returning('id').executeTakeFirstOrThrow();
  const interval = quote.interval;
  let session;
  try {
    session = await payments.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: checkout.id,
      customer_email: identity.email,
      success_url: payments.successUrl,
      cancel_url: payments.cancelUrl,
      metadata: { checkout_id: checkout.id, account_id: accountId },
      subscription_data: { metadata: { checkout_id: checkout.id, account_id: accountId } },
      line_items: quote.line_items.map((l) => ({
        quantity: l.quantity,
        price_data: { currency: quote.currency.toLowerCase(), unit_amount: l.unit_amount, recurring: { interval }, product_data: { name: l.description } },
      })),
    }, { idempotencyKey: `checkout-${checkout.id}` });
  } catch (err) {
    await ctx.db.updateTable('checkouts').set({ status: 'failed' }).where('id', '=', checkout.id).execute();
    throw new DomainError('UNAVAILABLE', `The payment provider did not create the checkout: ${(err as Error).message}`);
  }
  const expiresAt = fromUnix(session.expires_at);
  await ctx.db.updateTable('checkouts').set({ provider_ref: session.id, expires_at: expiresAt }).where('id', '=', checkout.id).execute();
  if (!session.url) throw new DomainError('UNAVAILABLE', 'The payment provider returned no checkout URL');
  return { id: checkout.id, url: session.url, expires_at: expiresAt };
}

/**
 * The state of one of the caller's account's checkouts (`GET /v1/billing/checkout/{id}`), read from
 * the provider. A checkout of another account is NOT_FOUND, never FORBIDDEN.
 * @throws DomainError NOT_FOUND, UNAVAILABLE (checkout disabled or the provider does not answer)
 */
export async function getCheckout(ctx: Ctx, provider: PaymentProvider | undefined, id: string): Promise<CheckoutState> {
  const { accountId } = await accountOf(ctx);
  // The lookup comes first: an id that names none of the caller's checkouts is 404 whether or not
  // checkout is enabled here; only a stored checkout's live state needs the provider.
  const row = await ctx.db.selectFrom('checkouts').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound('Checkout');
  let status = row.status;
  let paymentStatus: string | null = null;
  if (row.provider_ref) {
    const payments = requireProvider(provider);
    try {
      const session = await payments.stripe.checkout.sessions.retrieve(row.provider_ref);
      status = session.status ?? status;
      paymentStatus = session.payment_status ?? null;
    } catch (err) {
      throw new DomainError('UNAVAILABLE', `The payment provider did not answer: ${(err as Error).message}`);
    }
  }
  return {
    id: row.id, status, payment_status: paymentStatus, plan: row.plan_code, currency: row.currency.trim(), interval: row.interval,
    extra_seats: row.extra_seats, addons: row.addons, amount: row.amount, created_at: row.created_at, expires_at: row.expires_at,
  };
}

/**
 * The authoritative price of a purchase, from the catalogue tables (`plan_prices`, `addon_prices`,
 * `plan_addons`), in integer minor units. The quote and the checkout's line items come from here.
 */
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import type { QuoteQuery } from './schemas.js';

/** One line of a quote. */
export interface LineItem {
  /** `plan:<code>`, `seats`, `addon:<code>`. */
  code: string;
  description: string;
  quantity: number;
  /** Minor units per interval. */
  unit_amount: number;
  /** quantity × unit_amount. */
  amount: number;
}

/** A priced purchase. */
export interface Quote {
  plan: string;
  currency: string;
  interval: 'month' | 'year';
  extra_seats: number;
  /** Seats the subscription will have: the plan's included seats plus `extra_seats`. */
  seats: number;
  addons: string[];
  line_items: LineItem[];
  /** Sum of the line items, minor units per interval. */
  total: number;
}

/**
 * Prices `input` from the catalogue (`GET /v1/billing/quote`).
 * @throws DomainError VALIDATION: unknown plan; a plan not sold online (Enterprise: by contract; the
 *   trial: POST /v1/billing/trial); a currency or interval without a price; an add-on the plan cannot buy
 */
export async function quotePurchase(ctx: Ctx, input: QuoteQuery): Promise<Quote> {
  const currency = input.currency.toUpperCase();
  const plan = await ctx.db.selectFrom('plans').select(['code', 'name', 'active', 'included_seats']).where('code', '=', input.plan).executeTakeFirst();
  if (!plan) throw invalidParam('plan', `unknown plan "${input.plan}" (see /v1/plans)`);
  if (!plan.active) throw invalidParam('plan', `the ${plan.name} plan is sold by contract, not online: send a procurement request (POST /v1/procurement-requests)`);
  const price = await ctx.db.selectFrom('plan_prices').select(['amount', 'seat_amount'])
    .where('plan_code', '=', plan.code).where('currency', '=', currency).where('interval', '=', input.interval).executeTakeFirst();
  if (!price) {
    const any = await ctx.db.selectFrom('plan_prices').select('currency').where('plan_code', '=', plan.code).executeTakeFirst();
    if (!any) throw invalidParam('plan', `the ${plan.name} plan has no price (a trial starts with POST /v1/billing/trial)`);
    throw invalidParam('currency', `the ${plan.name} plan has no ${input.interval}ly price in ${currency}`);
  }
  const lines: LineItem[] = [{ code: `plan:${plan.code}`, description: `${plan.name} plan (${plan.included_seats} seat${plan.included_seats === 1 ? '' : 's'} included)`, quantity: 1, unit_amount: price.amount, amount: price.amount }];
  if (input.extra_seats > 0) {
    lines.push({ code: 'seats', description: 'Extra seats', quantity: input.extra_seats, unit_amount: price.seat_amount, amount: input.extra_seats * price.seat_amount });
  }
  const addons: string[] = [];
  if (input.add_wat) {
    const buyable = await ctx.db.selectFrom('plan_addons').select('addon_code').where('plan_code', '=', plan.code).where('addon_code', '=', 'wat').executeTakeFirst();
    if (!buyable) throw invalidParam('add_wat', `the ${plan.name} plan cannot buy the wat add-on`);
    const addon = await ctx.db.selectFrom('addon_prices').innerJoin('addons', 'addons.code', 'addon_prices.addon_code').select(['addons.name', 'addon_prices.amount'])
      .where('addon_code', '=', 'wat').where('currency', '=', currency).where('interval', '=', input.interval).executeTakeFirst();
    if (!addon) throw invalidParam('currency', `the wat add-on has no ${input.interval}ly price in ${currency}`);
    lines.push({ code: 'addon:wat', description: addon.name, quantity: 1, unit_amount: addon.amount, amount: addon.amount });
    addons.push('wat');
  }
  return {
    plan: plan.code, currency, interval: input.interval, extra_seats: input.extra_seats, seats: plan.included_seats + input.extra_seats,
    addons, line_items: lines, total: lines.reduce((sum, l) => sum + l.amount, 0),
  };
}

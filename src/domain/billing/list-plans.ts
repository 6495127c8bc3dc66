/**
 * The plan catalogue as sold: active plans with their price book per currency and interval, the
 * features they grant (in full or as a preview) and the add-ons they can buy with their prices.
 * Inactive plans (Enterprise, sold by contract) are omitted.
 */
import type { Ctx } from '../context.js';

/** One price: minor units (cents, pence) per interval; `seat_amount` per extra seat. */
export interface Price {
  currency: string;
  interval: 'month' | 'year';
  amount: number;
  seat_amount?: number;
}

export interface CatalogueAddon {
  code: string;
  name: string;
  features: string[];
  prices: Price[];
}

export interface CataloguePlan {
  code: string;
  name: string;
  daily_quota: number;
  included_seats: number;
  features: string[];
  previews: string[];
  prices: Price[];
  addons: CatalogueAddon[];
}

const byPrice = (a: Price, b: Price) => a.currency.localeCompare(b.currency) || a.interval.localeCompare(b.interval);

/** Active plans in catalogue order, each with prices, features and buyable add-ons. */
export async function listPlans(ctx: Ctx): Promise<CataloguePlan[]> {
  const db = ctx.db;
  const [plans, planPrices, planFeatures, planAddons, addons, addonPrices, addonFeatures] = await Promise.all([
    db.selectFrom('plans').select(['code', 'name', 'daily_quota', 'included_seats']).where('active', '=', true).orderBy('sort_order').execute(),
    db.selectFrom('plan_prices').select(['plan_code', 'currency', 'interval', 'amount', 'seat_amount']).execute(),
    db.selectFrom('plan_features').select(['plan_code', 'feature', 'access']).orderBy('feature').execute(),
    db.selectFrom('plan_addons').select(['plan_code', 'addon_code']).orderBy('addon_code').execute(),
    db.selectFrom('addons').select(['code', 'name']).where('active', '=', true).execute(),
    db.selectFrom('addon_prices').select(['addon_code', 'currency', 'interval', 'amount']).execute(),
    db.selectFrom('addon_features').select(['addon_code', 'feature']).orderBy('feature').execute(),
  ]);
  const addonByCode = new Map(
    addons.map((a) => [a.code, {
      code: a.code,
      name: a.name,
      features: addonFeatures.filter((f) => f.addon_code === a.code).map((f) => f.feature),
      prices: addonPrices.filter((p) => p.addon_code === a.code)
        .map((p) => ({ currency: p.currency, interval: p.interval as Price['interval'], amount: p.amount })).sort(byPrice),
    }]),
  );
  return plans.map((p) => ({
    code: p.code,
    name: p.name,
    daily_quota: p.daily_quota,
    included_seats: p.included_seats,
    features: planFeatures.filter((f) => f.plan_code === p.code && f.access === 'full').map((f) => f.feature),
    previews: planFeatures.filter((f) => f.plan_code === p.code && f.access === 'preview').map((f) => f.feature),
    prices: planPrices.filter((x) => x.plan_code === p.code)
      .map((x) => ({ currency: x.currency, interval: x.interval as Price['interval'], amount: x.amount, seat_amount: x.seat_amount })).sort(byPrice),
    addons: planAddons.filter((x) => x.plan_code === p.code).flatMap((x) => addonByCode.get(x.addon_code) ?? []),
  }));
}

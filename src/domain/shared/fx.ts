/**
 * Conversion of stated amounts to US dollars with the dated rates of `fx_rates`
 * (shipped in src/reference/fx-rates.json; operators may add their own rows). Used when a project
 * or tender is written, so reads never convert. The rule: the rate of the currency dated nearest to
 * the amount's date (the later rate wins a tie); an amount without a date is converted as of
 * `today` (the caller's clock); no rate, no conversion.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';
import { utcDay } from '../clock.js';

/** A converted amount. */
export interface UsdValue {
  /** Whole US dollars. */
  usd: number;
  /** `YYYY-MM-DD` of the rate used. */
  rateDate: string;
}

/**
 * SQL: the `fx_rates` row (as a one-row subquery selecting `usd_per_unit, rate_date`) for the
 * currency `currency` nearest to `onDate`, or to `today` (a `date` expression; default the
 * database's `current_date`) when `onDate` is null. Usable per row in bulk inserts.
 */
export const nearestRate = (
  currency: Expression<unknown> | RawBuilder<unknown>,
  onDate: Expression<unknown> | RawBuilder<unknown>,
  today: Expression<unknown> | RawBuilder<unknown> = sql`current_date`,
) => sql<{
  usd_per_unit: number;
  rate_date: string;
}>`(select f.usd_per_unit, f.rate_date from fx_rates f where f.currency = upper(${currency})
    order by abs(f.rate_date - coalesce(${onDate}, ${today})), f.rate_date desc limit 1)`;

/**
 * `amount` of `currency` in whole US dollars, at the rate dated nearest to `onDate` (YYYY-MM-DD),
 * or to the UTC day of `today` without a date. `null` when there is no amount, no currency, or no
 * rate for the currency (US dollars convert one to one even without a rate).
 * @param today the current instant, from the caller's clock (`ctx.now()`)
 */
export async function toUsd(
  db: Kysely<DB>,
  amount: number | null | undefined,
  currency: string | null | undefined,
  onDate: string | null | undefined,
  today: Date,
): Promise<UsdValue | null> {
  if (amount === null || amount === undefined || !currency) return null;
  const day = utcDay(today);
  const { rows } = await sql<{ usd_per_unit: number; rate_date: string }>`
    select r.usd_per_unit, r.rate_date from ${nearestRate(sql`${currency}::text`, sql`${onDate ?? null}::date`, sql`${day}::date`)} r`.execute(db);
  const rate = rows[0];
  if (currency.toUpperCase() === 'USD' && !rate) return { usd: Math.round(amount), rateDate: onDate ?? day };
  return rate ? { usd: Math.round(amount * rate.usd_per_unit), rateDate: rate.rate_date } : null;
}

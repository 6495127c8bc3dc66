/** Dates for people: the browser's language and time zone. */
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** An amount in minor units as money, e.g. 12900 USD → $129.00. */
export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);

/** A calendar day (`YYYY-MM-DD`) for people: the browser's language, the day as written (no time-zone shift). */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDay = (day: string) => DAY.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/**
 * An amount as stated, in whole units of its own currency (never converted), for the reader's
 * language: 49000000000 GBP → £49,000,000,000 (en-GB). Null amount → '—'; a missing or unknown
 * currency shows the bare number.
 */
export function formatAmount(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  if (!currency) return new Intl.NumberFormat().format(amount);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${new Intl.NumberFormat().format(amount)} ${currency}`;
  }
}

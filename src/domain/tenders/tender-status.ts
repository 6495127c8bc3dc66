/**
 * The tender status rule. Stored states are open, closed, awarded and cancelled; what callers see
 * is derived from the stored state and the deadline, in one place:
 * - awarded, cancelled and closed stay as stored;
 * - an open tender whose deadline has passed is `closed`;
 * - an open tender whose deadline falls within `CLOSING_SOON_DAYS` is `closing_soon`;
 * - otherwise `open`.
 */
import { sql, type RawBuilder } from 'kysely';

/** Days before the deadline during which an open tender is `closing_soon`. */
export const CLOSING_SOON_DAYS = 14;

/** Every status a caller can see (seed: open, closing_soon, closed, awarded, cancelled). */
export const TENDER_STATUSES = ['open', 'closing_soon', 'closed', 'awarded', 'cancelled'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** Tender types (seed: rfp, tender, framework, eoi). */
export const TENDER_TYPES = ['rfp', 'tender', 'framework', 'eoi'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

/** The derived status of the tender row `t` at the instant `now` (the service clock), as SQL. */
export const derivedTenderStatus = (now: Date): RawBuilder<TenderStatus> => sql<TenderStatus>`(case
  when t.status <> 'open' then t.status
  when t.deadline is not null and t.deadline < ${now}::timestamptz then 'closed'
  when t.deadline is not null and t.deadline < ${now}::timestamptz + make_interval(days => ${CLOSING_SOON_DAYS}) then 'closing_soon'
  else 'open' end)`;

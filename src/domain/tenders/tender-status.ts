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
/** One status as callers see it. */
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** The statuses a tender list shows unless asked for more: the tenders one can still bid on. */
export const LIVE_TENDER_STATUSES: TenderStatus[] = ['open', 'closing_soon'];

/** The states stored in `tenders.status`; `closing_soon`, and `closed` after the deadline, are derived. */
export const STORED_TENDER_STATUSES = ['open', 'closed', 'awarded', 'cancelled'] as const;
/** One stored state. */
export type StoredTenderStatus = (typeof STORED_TENDER_STATUSES)[number];

/** The derived status of the tender row `t` at the instant `now` (the service clock), as SQL. */
export const derivedTenderStatus = (now: Date): RawBuilder<TenderStatus> => sql<TenderStatus>`(case
  when t.status <> 'open' then t.status
  when t.deadline is not null and t.deadline < ${now}::timestamptz then 'closed'
  when t.deadline is not null and t.deadline < ${now}::timestamptz + make_interval(days => ${CLOSING_SOON_DAYS}) then 'closing_soon'
  else 'open' end)`;

/**
 * Exporting tenders: every tender matching a filter, by deadline (none last) then id, as a stream
 * read in keyset batches (stop iterating, or `return()`, to end early).
 */
import type { Ctx } from '../context.js';
import { gateOperation, GATES } from '../entitlements.js';
import { previewCap } from '../previews.js';
import { streamTenderViews, tenderConditions, type TenderView } from './repository.js';
import type { TenderFilter } from './schemas.js';

/**
 * Every published tender matching `filter`, statuses derived at `ctx.now()`; no row cap, except the
 * preview's rows for a caller who holds `wat` only as a trial preview. The gate (`wat` and
 * `exports`, on every face) is checked when called, before any row is read.
 * @throws DomainError FORBIDDEN without `wat` (full or preview) and `exports`
 */
export function exportTenders(ctx: Ctx, filter: TenderFilter): AsyncGenerator<TenderView> {
  gateOperation(ctx.identity, GATES.tendersExport);
  const now = ctx.now();
  return streamTenderViews(ctx.db, tenderConditions(filter, now), now, previewCap(ctx.identity, 'wat'));
}

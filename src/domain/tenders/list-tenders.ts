/**
 * Listing tenders: one window of the published tenders that match a filter, with the total. Access
 * needs the `wat` feature (each face declares it too, to refuse before validation, docs/entitlements.md);
 * a caller who holds `wat` only as a trial preview sees no row past the first `PREVIEW_ROWS.wat`,
 * and a total of at most that many, whichever edition asked.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { totalFor, type Page, type Window } from '../pagination.js';
import { previewTotal, previewWindow } from '../previews.js';
import { allOf } from '../shared/sql-filters.js';
import { selectTenderViews, tenderConditions, tenderOrder, type TenderView } from './repository.js';
import type { TenderFilter, TenderSort } from './schemas.js';

/**
 * One window of the published tenders matching `filter` at `ctx.now()`, in `sort` order, with the
 * total that match; narrowed to the preview's rows in a trial preview (src/domain/previews.ts).
 * @throws DomainError FORBIDDEN without `wat` (full or preview)
 */
export const listTenders = gated(GATES.tenders, async function listTenders(ctx: Ctx, filter: TenderFilter, sort: TenderSort, window: Window): Promise<Page<TenderView>> {
  const now = ctx.now();
  const shown = previewWindow(ctx.identity, 'wat', window);
  const where = allOf(tenderConditions(filter, now));
  const [items, total] = await Promise.all([
    selectTenderViews(ctx.db, where, now).orderBy(tenderOrder(sort)).limit(shown.limit).offset(shown.offset).execute(),
    totalFor(window, async () => (await sql<{ n: number }>`select count(*)::int as n from tenders t where ${where}`.execute(ctx.db)).rows[0]?.n ?? 0),
  ]);
  return { items, total: previewTotal(ctx.identity, 'wat', total) };
});

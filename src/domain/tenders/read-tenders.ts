/**
 * Reading tenders: list, one tender, and the export stream. Access needs the `wat` feature; each
 * face checks it before the operation runs (see docs/entitlements.md).
 */
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { EXPORT_BATCH_SIZE, keysetRows, type Page, type Window } from '../pagination.js';
import { allOf } from '../search/sql-filters.js';
import { selectTenderViews, tenderConditions, tenderOrder, type TenderFilter, type TenderSort, type TenderView } from './tender-query.js';

/** One window of tenders matching `filter`, in `sort` order, with the total that match. */
export async function listTenders(ctx: Ctx, filter: TenderFilter, sort: TenderSort, window: Window): Promise<Page<TenderView>> {
  const now = ctx.now();
  const where = allOf(tenderConditions(filter, now));
  const [items, count] = await Promise.all([
    selectTenderViews(ctx.db, where, now).orderBy(tenderOrder(sort)).limit(window.limit).offset(window.offset).execute(),
    sql<{ n: number }>`select count(*)::int as n from tenders t where ${where}`.execute(ctx.db),
  ]);
  return { items: items as TenderView[], total: count.rows[0]?.n ?? 0 };
}

/** One published tender, whatever its status. @throws DomainError NOT_FOUND */
export async function getTender(ctx: Ctx, id: string): Promise<TenderView> {
  const tender = (await selectTenderViews(ctx.db, sql<SqlBool>`t.id = ${id}::uuid and t.published`, ctx.now()).executeTakeFirst()) as TenderView | undefined;
  if (!tender) throw notFound(`Tender ${id}`);
  return tender;
}

/**
 * Every tender matching `filter` (at most `cap`), by deadline (none last) then id, read in keyset
 * batches like the project export.
 */
export function exportTenders(ctx: Ctx, filter: TenderFilter, cap = Number.POSITIVE_INFINITY): AsyncGenerator<TenderView> {
  const now = ctx.now();
  const where = tenderConditions(filter, now);
  const key = sql`(coalesce(t.deadline, 'infinity'::timestamptz), t.id)`;
  return keysetRows<TenderView, { deadline: Date | null; id: string }>({
    batchSize: EXPORT_BATCH_SIZE,
    cap,
    cursorOf: (row) => ({ deadline: row.deadline, id: row.id }),
    fetch: async (after, limit) =>
      (await selectTenderViews(
        ctx.db,
        allOf(after ? [...where, sql<SqlBool>`${key} > (coalesce(${after.deadline}::timestamptz, 'infinity'::timestamptz), ${after.id}::uuid)`] : where),
        now,
      )
        .orderBy(sql`coalesce(t.deadline, 'infinity'::timestamptz), t.id`)
        .limit(limit)
        .execute()) as TenderView[],
  });
}

/**
 * Reading one tender, whatever its status, with its bidders.
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { notFound } from '../errors.js';
import { findTenderView, type TenderView } from './repository.js';

/**
 * One published tender, its status derived at `ctx.now()`. Needs `wat`; a trial preview reads any
 * tender by id (single reads are not narrowed).
 * @throws DomainError FORBIDDEN without `wat` (full or preview)
 * @throws DomainError NOT_FOUND
 */
export const getTender = gated(GATES.tenders, async function getTender(ctx: Ctx, id: string): Promise<TenderView> {
  const tender = await findTenderView(ctx.db, id, ctx.now());
  if (!tender) throw notFound(`Tender ${id}`);
  return tender;
});

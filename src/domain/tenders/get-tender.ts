/**
 * Reading one tender, whatever its status, with its bidders.
 */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findTenderView, type TenderView } from './repository.js';

/** One published tender, its status derived at `ctx.now()`. @throws DomainError NOT_FOUND */
export async function getTender(ctx: Ctx, id: string): Promise<TenderView> {
  const tender = await findTenderView(ctx.db, id, ctx.now());
  if (!tender) throw notFound(`Tender ${id}`);
  return tender;
}

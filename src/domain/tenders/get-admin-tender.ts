/**
 * Reading one tender as an administrator: any state, unpublished included.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findTenderView, type TenderView } from './repository.js';

/**
 * Tender `id` whatever its state (published or not; open, closed, awarded, cancelled), its status
 * derived at `ctx.now()`, with its bidders.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminTender(ctx: Ctx, id: string): Promise<TenderView> {
  requireAdmin(ctx.identity);
  const tender = await findTenderView(ctx.db, id, ctx.now(), { anyState: true });
  if (!tender) throw notFound(`Tender ${id}`);
  return tender;
}

/**
 * Creating a tender (administrators): place and `value_usd` derived, categories and tags linked,
 * the write audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import { utcDay } from '../clock.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findTenderView, insertTender, newTenderOf, replaceTenderTerms, type TenderView } from './repository.js';
import type { TenderCreateInput } from './schemas.js';

/**
 * Creates a tender (stored status `open`, published on today's UTC date unless given) and returns
 * it, status derived at `ctx.now()`.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), VALIDATION (unknown
 *   airport, country, category)
 */
export async function createTender(ctx: Ctx, input: TenderCreateInput): Promise<TenderView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const now = tctx.now();
    const complete = { ...input, status: input.status ?? 'open', published_at: input.published_at ?? utcDay(now) };
    const id = await insertTender(trx, newTenderOf(complete), now);
    if (input.published === false) await trx.updateTable('tenders').set({ published: false }).where('id', '=', id).execute();
    await replaceTenderTerms(trx, id, input);
    const after = await findTenderView(trx, id, now, { anyState: true });
    if (!after) throw notFound(`Tender ${id}`);
    await recordAudit(trx, tctx, { action: 'create', entity: 'tender', entityId: id, after });
    return after;
  });
}

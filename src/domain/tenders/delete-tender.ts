/**
 * Deleting a tender (administrators), audited in the same transaction.
 */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findTenderView, type TenderView } from './repository.js';

/**
 * Deletes tender `id` (any state) and its bidders; returns the tender as it was.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function deleteTender(ctx: Ctx, id: string): Promise<TenderView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'tenders', id, 'delete');
    const before = await findTenderView(trx, id, tctx.now(), { anyState: true });
    if (!before) throw notFound(`Tender ${id}`);
    await trx.deleteFrom('tenders').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'tender', entityId: id, before });
    return before;
  });
}

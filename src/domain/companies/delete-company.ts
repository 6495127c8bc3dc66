/**
 * Deleting a company (administrators), audited in the same transaction: its links go with it, its
 * subsidiaries stay without a parent, records that named it as buyer or bidder keep the name.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { CompanyView } from './repository.js';
import { lockCompany, storedCompany } from './write-company.js';

/**
 * Deletes company `id` and returns it as it was.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function deleteCompany(ctx: Ctx, id: string): Promise<CompanyView> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockCompany(trx, id, 'delete'))) throw notFound(`Company ${id}`);
    const before = await storedCompany(trx, id);
    await trx.deleteFrom('companies').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'company', entityId: id, before });
    return before;
  });
}

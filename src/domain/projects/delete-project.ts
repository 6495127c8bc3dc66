/**
 * Deleting a project (administrators), audited in the same transaction.
 */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findProjectView, type ProjectView } from './repository.js';

/**
 * Deletes project `id` (any state); its packages keep existing, without a programme. Returns the
 * project as it was.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function deleteProject(ctx: Ctx, id: string): Promise<ProjectView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'projects', id, 'delete');
    const before = await findProjectView(trx, id, { anyState: true });
    if (!before) throw notFound(`Project ${id}`);
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'project', entityId: id, before });
    return before;
  });
}

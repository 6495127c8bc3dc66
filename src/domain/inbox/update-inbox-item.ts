import { adminWrite } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { loadItem, moveItem, type InboxItem } from './repository.js';
import { SETTABLE_INBOX_STATUSES, type InboxPatchInput } from './schemas.js';

/**
 * Sets an item's status: approve (`approved`), skip (`skipped`) or reopen (`pending`); audited.
 * Administrators only.
 * @throws DomainError NOT_FOUND, VALIDATION (`promoted`: use promote), CONFLICT (a promoted item, a move the state table forbids)
 */
export async function updateInboxItem(ctx: Ctx, id: string, input: InboxPatchInput): Promise<InboxItem> {
  if (!(SETTABLE_INBOX_STATUSES as readonly string[]).includes(input.status)) {
    throw invalidParam('status', `must be one of ${SETTABLE_INBOX_STATUSES.join(', ')} (promotion has its own operation)`);
  }
  return adminWrite(ctx, async (_trx, tctx) => moveItem(tctx, await loadItem(tctx.db, id, true), input.status));
}


import { adminWrite } from '../admin/admin.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam } from '../errors.js';
import { ALLOWED, loadItem, type InboxItem } from './repository.js';
import { SETTABLE_INBOX_STATUSES, type InboxPatchInput, type SettableInboxStatus } from './schemas.js';

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

/**
 * Moves `item` to `to` inside the caller's transaction (`tctx.db`) and records the change; setting
 * the status an item already has changes nothing and records nothing.
 * @throws DomainError CONFLICT (a promoted item, a move the table above forbids)
 */
async function moveItem(tctx: Ctx, item: InboxItem, to: SettableInboxStatus): Promise<InboxItem> {
  if (item.status === to) return item;
  if (item.status === 'promoted') throw conflict(`Inbox item ${item.id} is already promoted; its status can no longer change`);
  if (!ALLOWED[item.status].includes(to)) throw conflict(`Inbox item ${item.id} cannot move from ${item.status} to ${to}`);
  await tctx.db.updateTable('inbox_items').set({ status: to, decided_by: tctx.identity!.userId, decided_at: tctx.now() }).where('id', '=', item.id).execute();
  const after = await loadItem(tctx.db, item.id);
  await recordUpdate(tctx.db, tctx, 'inbox_item', item.id, item, after, 'status');
  return after;
}

/**
 * Deleting a calendar event (administrators), audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findAdminEvent, type AdminCalendarEventView } from './repository.js';

/**
 * Deletes event `id` and returns it as it was.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND
 */
export async function deleteCalendarEvent(ctx: Ctx, id: string): Promise<AdminCalendarEventView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await findAdminEvent(trx, id, true);
    if (!before) throw notFound(`Calendar event ${id}`);
    await trx.deleteFrom('calendar_events').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'calendar_event', entityId: id, before });
    return before;
  });
}

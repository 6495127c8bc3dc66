/**
 * Changing a calendar event (administrators), audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { eventColumns, findAdminEvent, type AdminCalendarEventView } from './repository.js';
import type { CalendarEventInput } from './schemas.js';

/**
 * Changes the fields `input` gives of event `id` (past or hidden ones too); a new country sets its
 * region unless a region is given. Returns the event as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VALIDATION (as create, checked on the merged event),
 *   CONFLICT (the event changed since the version `options.ifMatch` names: decision 0050)
 */
export async function updateCalendarEvent(ctx: Ctx, id: string, input: CalendarEventInput, options: { ifMatch?: IfMatch } = {}): Promise<AdminCalendarEventView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await findAdminEvent(trx, id, true);
    if (!before) throw notFound(`Calendar event ${id}`);
    checkIfMatch(`Calendar event ${id}`, before.record_version, options.ifMatch);
    const columns = await eventColumns(trx, input, before);
    await trx.updateTable('calendar_events').set({ ...columns, updated_at: tctx.now() }).where('id', '=', id).execute();
    const after = (await findAdminEvent(trx, id))!;
    await recordUpdate(trx, tctx, 'calendar_event', id, before, after);
    return after;
  });
}

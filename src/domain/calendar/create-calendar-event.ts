/**
 * Adding an event to the calendar (administrators), audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { eventColumns, findAdminEvent, type AdminCalendarEventView } from './repository.js';
import type { CalendarEventCreateInput } from './schemas.js';

/**
 * Creates an event (curated and published unless given) and returns it as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, VALIDATION (dates out of order, an unknown country
 *   or region, a region not the country's, a city without a country, an unknown article)
 */
export async function createCalendarEvent(ctx: Ctx, input: CalendarEventCreateInput): Promise<AdminCalendarEventView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const columns = await eventColumns(trx, input);
    const row = await trx.insertInto('calendar_events').values({ ...columns, title: input.title, starts_on: input.starts_on, created_at: tctx.now(), updated_at: tctx.now() })
      .returning('id').executeTakeFirstOrThrow();
    const after = (await findAdminEvent(trx, row.id))!;
    await recordAudit(trx, tctx, { action: 'create', entity: 'calendar_event', entityId: row.id, after });
    return after;
  });
}

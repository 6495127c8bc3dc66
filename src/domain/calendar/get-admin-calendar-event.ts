/** Reading one calendar event as an administrator: past and unpublished ones included. */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findAdminEvent, type AdminCalendarEventView } from './repository.js';

/**
 * Event `id`, published or not: what `Location` of its creation reads.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminCalendarEvent(ctx: Ctx, id: string): Promise<AdminCalendarEventView> {
  requireAdmin(ctx.identity);
  const event = await findAdminEvent(ctx.db, id);
  if (!event) throw notFound(`Calendar event ${id}`);
  return event;
}

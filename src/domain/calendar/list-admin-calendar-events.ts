/**
 * The calendar as administrators see it: every event, past and hidden ones included.
 */
import { sql, type SqlBool } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import type { Window } from '../pagination.js';
import { likePattern } from '../shared/sql-filters.js';
import { selectAdminEvents, type AdminCalendarEventView } from './repository.js';
import type { AdminCalendarFilterInput } from './schemas.js';

/**
 * Events by start date, then title, past and unpublished included; `from` keeps those ending on or
 * after a day, `to` those starting on or before one.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, VALIDATION (`to` before `from`)
 */
export async function listAdminCalendarEvents(ctx: Ctx, filter: AdminCalendarFilterInput, window: Window): Promise<AdminCalendarEventView[]> {
  requireAdmin(ctx.identity);
  if (filter.from && filter.to && filter.to < filter.from) throw invalidParam('to', 'must not be before from');
  const q = filter.q ? likePattern(filter.q) : undefined;
  return selectAdminEvents(ctx.db)
    .$if(filter.from !== undefined, (qb) => qb.where(sql<SqlBool>`coalesce(ev.ends_on, ev.starts_on) >= ${filter.from}::date`))
    .$if(filter.to !== undefined, (qb) => qb.where(sql<SqlBool>`ev.starts_on <= ${filter.to}::date`))
    .$if(q !== undefined, (qb) => qb.where(sql<SqlBool>`(ev.title ilike ${q} or ev.city ilike ${q} or ev.venue ilike ${q} or ev.organiser ilike ${q})`))
    .$if(filter.country !== undefined, (qb) => qb.where('ev.country_code', '=', filter.country!.toUpperCase()))
    .$if(filter.origin !== undefined, (qb) => qb.where('ev.origin', '=', filter.origin!))
    .$if(filter.published !== undefined, (qb) => qb.where('ev.published', '=', filter.published!))
    .orderBy('ev.starts_on').orderBy('ev.title').orderBy('ev.id')
    .limit(window.limit).offset(window.offset)
    .execute();
}

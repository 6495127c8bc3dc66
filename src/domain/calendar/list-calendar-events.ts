/**
 * The industry events calendar (table `calendar_events`): conferences and trade shows, curated or
 * extracted from reporting. `upcoming` hides events that have ended (an event without an end date
 * ends on its start date).
 */
import { sql, type SqlBool } from 'kysely';
import { utcDay } from '../clock.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import type { CalendarFilterInput } from './schemas.js';

/** An event with its place. `starts_on`, `ends_on`: `YYYY-MM-DD`. */
export interface CalendarEventView {
  id: string;
  title: string;
  /** `YYYY-MM-DD` */
  starts_on: string;
  ends_on: string | null;
  city: string | null;
  country_code: string | null;
  country_name: string | null;
  region_slug: string | null;
  venue: string | null;
  organiser: string | null;
  url: string | null;
  description: string;
  origin: 'curated' | 'extracted';
  article_id: string | null;
}

/**
 * Published events by start date, then title; `upcoming` (default `true`) keeps those that end on
 * the caller's UTC day (`ctx.now()`) or later.
 */
export async function listCalendarEvents(ctx: Ctx, filter: CalendarFilterInput, window: Window): Promise<CalendarEventView[]> {
  return ctx.db
    .selectFrom('calendar_events as ev')
    .leftJoin('countries as c', 'c.code', 'ev.country_code')
    .where('ev.published', '=', true)
    .$if(filter.upcoming ?? true, (qb) => qb.where(sql<SqlBool>`coalesce(ev.ends_on, ev.starts_on) >= ${utcDay(ctx.now())}::date`))
    .select([
      'ev.id', 'ev.title', 'ev.starts_on', 'ev.ends_on', 'ev.city', 'ev.country_code', 'c.name as country_name', 'ev.region_slug',
      'ev.venue', 'ev.organiser', 'ev.url', 'ev.description', 'ev.origin', 'ev.article_id',
    ])
    .$narrowType<{ origin: CalendarEventView['origin'] }>()
    .orderBy('ev.starts_on')
    .orderBy('ev.title')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

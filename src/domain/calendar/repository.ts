/**
 * The calendar's SQL for the admin operations: the event view (any state) and the stored columns
 * of an admin input, with its dates and place checked and resolved.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { resolveCountry, resolveRegion } from '../sql/vocabulary.js';
import { invalidParam } from '../errors.js';
import type { CalendarEventView } from './list-calendar-events.js';
import type { CalendarEventInput } from './schemas.js';
import { recordVersion } from '../sql/record-version.js';

/** An event as the admin faces show it: any state, with whether readers see it. */
export type AdminCalendarEventView = CalendarEventView & { region_name: string | null; published: boolean; updated_at: Date;
  /** The stored row's version (an MD5 of the row as text): the admin faces' ETag (decision 0050). */
  record_version: string };

/** Selects admin views of `calendar_events ev`. */
export const selectAdminEvents = (db: Kysely<DB>) =>
  db.selectFrom('calendar_events as ev')
    .leftJoin('countries as c', 'c.code', 'ev.country_code')
    .leftJoin('regions as r', 'r.slug', 'ev.region_slug')
    .select([
      'ev.id', 'ev.title', 'ev.starts_on', 'ev.ends_on', 'ev.city', 'ev.country_code', 'c.name as country_name', 'ev.region_slug', 'r.name as region_name',
      'ev.venue', 'ev.organiser', 'ev.url', 'ev.description', 'ev.origin', 'ev.article_id', 'ev.published', 'ev.updated_at', recordVersion('ev').as('record_version'),
    ])
    .$narrowType<{ origin: CalendarEventView['origin'] }>();

/** Event `id` in any state, locked for the transaction when `lock`; `undefined` when there is none. */
export async function findAdminEvent(db: Kysely<DB>, id: string, lock = false): Promise<AdminCalendarEventView | undefined> {
  if (lock) await db.selectFrom('calendar_events').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return selectAdminEvents(db).where('ev.id', '=', id).executeTakeFirst();
}

const day = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

/**
 * The columns `input` sets, merged over `current` (an update) for the checks: `ends_on` not before
 * `starts_on`; `country` (ISO code or English name) and `region` (slug or name) resolved, the region
 * of the country unless another is given, and a given region must be the country's; a `city` needs
 * a country; `article_id` must name an article.
 * @throws DomainError VALIDATION naming the field
 */
export async function eventColumns(db: Kysely<DB>, input: CalendarEventInput, current?: AdminCalendarEventView) {
  const startsOn = input.starts_on ?? day(current?.starts_on);
  const endsOn = input.ends_on !== undefined ? input.ends_on : day(current?.ends_on);
  if (startsOn && endsOn && endsOn < startsOn) throw invalidParam('ends_on', `must not be before starts_on (${startsOn})`);
  const columns: Record<string, unknown> = {};
  for (const k of ['title', 'starts_on', 'ends_on', 'city', 'venue', 'organiser', 'url', 'description', 'origin', 'article_id', 'published'] as const) {
    if (input[k] !== undefined) columns[k] = input[k];
  }
  if (input.country !== undefined) {
    const country = input.country === null ? null : await resolveCountry(db, input.country, 'country');
    columns.country_code = country?.code ?? null;
    if (input.region === undefined) columns.region_slug = country?.region_slug ?? null;
    else if (input.region !== null && country) {
      const region = await resolveRegion(db, input.region, 'region');
      if (region !== country.region_slug) throw invalidParam('region', `${country.code} is in region ${country.region_slug}, not ${region}`);
    }
  }
  if (input.region !== undefined && columns.region_slug === undefined) {
    const region = input.region === null ? null : await resolveRegion(db, input.region, 'region');
    const countryCode = input.country !== undefined ? (columns.country_code as string | null) : current?.country_code ?? null;
    if (region && countryCode) {
      const c = await resolveCountry(db, countryCode, 'country');
      if (c.region_slug !== region) throw invalidParam('region', `${countryCode} is in region ${c.region_slug}, not ${region}`);
    }
    columns.region_slug = region;
  }
  const city = input.city !== undefined ? input.city : current?.city ?? null;
  const countryCode = columns.country_code !== undefined ? columns.country_code : current?.country_code ?? null;
  if (city && !countryCode) throw invalidParam('country', 'a city needs its country');
  if (input.article_id) {
    const a = await db.selectFrom('articles').select('id').where('id', '=', input.article_id).executeTakeFirst();
    if (!a) throw invalidParam('article_id', `no article ${input.article_id}`);
  }
  return columns;
}

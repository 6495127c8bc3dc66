/**
 * The sample events calendar (src/seed/sample/events.json): editions of well-known airport-industry
 * conferences and trade shows. Where exact dates were not certain when the file was written, the
 * event spans its month (or season) and its description says the dates are to be confirmed; links
 * go to the organiser's site root.
 */
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

const require = createRequire(import.meta.url);

/** One event of the sample file. */
export interface SampleEvent {
  title: string;
  /** `YYYY-MM-DD` */
  starts_on: string;
  ends_on: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2; its region fills `region_slug` */
  country: string | null;
  /** region slug when there is no country */
  region?: string;
  venue: string | null;
  organiser: string | null;
  url: string;
  description: string;
}

export const sampleEvents = (): SampleEvent[] => require('./sample/events.json') as SampleEvent[];

/** Inserts the sample events (curated, published); returns how many. Run inside the sample transaction. */
export async function loadSampleEvents(trx: Kysely<DB>): Promise<number> {
  const events = sampleEvents();
  const regions = new Map((await trx.selectFrom('countries').select(['code', 'region_slug']).execute()).map((c) => [c.code, c.region_slug]));
  await trx
    .insertInto('calendar_events')
    .values(events.map((e) => ({
      title: e.title,
      starts_on: e.starts_on,
      ends_on: e.ends_on,
      city: e.city,
      country_code: e.country,
      region_slug: (e.country ? regions.get(e.country) : e.region) ?? null,
      venue: e.venue,
      organiser: e.organiser,
      url: e.url,
      description: e.description,
      origin: 'curated',
    })))
    .execute();
  return events.length;
}

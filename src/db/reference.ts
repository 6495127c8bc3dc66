/**
 * Reference data shipped in the repository: ISO 3166-1 countries with their customer region,
 * and real airports with IATA codes. Sources and licences: src/reference/SOURCES.md.
 */
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import type { DB } from './types.js';

const require = createRequire(import.meta.url);

/** One country of `src/reference/countries.json`. */
export interface ReferenceCountry {
  /** ISO 3166-1 alpha-2 */
  code: string;
  name: string;
  /** region slug, e.g. `europe` */
  region: string;
}

/** One airport of `src/reference/airports.json`. */
export interface ReferenceAirport {
  iata: string;
  icao: string | null;
  name: string;
  city: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string;
  lat: number | null;
  lon: number | null;
  type: string;
}

/** One dated exchange rate of `src/reference/fx-rates.json`. */
export interface ReferenceFxRate {
  /** ISO 4217 */
  currency: string;
  /** `YYYY-MM-DD` */
  rate_date: string;
  /** US dollars for one unit of `currency` */
  usd_per_unit: number;
  source: string;
}

/** The countries, as shipped. */
export const referenceCountries = (): ReferenceCountry[] => require('../reference/countries.json') as ReferenceCountry[];
/** The airports, as shipped. */
export const referenceAirports = (): ReferenceAirport[] => require('../reference/airports.json') as ReferenceAirport[];

/** The exchange rates, as shipped. */
export const referenceFxRates = (): ReferenceFxRate[] => require('../reference/fx-rates.json') as ReferenceFxRate[];

const BATCH = 1000;

/**
 * Inserts the shipped countries, airports and exchange rates that are missing. Idempotent; cheap
 * when already loaded (one count query per table).
 */
export async function loadReferenceData(db: Kysely<DB>): Promise<void> {
  const countries = referenceCountries();
  const airports = referenceAirports();
  const rates = referenceFxRates();
  const { n: haveRates } = await db.selectFrom('fx_rates').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (haveRates < rates.length) {
    await db.insertInto('fx_rates').values(rates).onConflict((oc) => oc.columns(['currency', 'rate_date']).doNothing()).execute();
  }
  const { n: haveCountries } = await db
    .selectFrom('countries')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const { n: haveAirports } = await db
    .selectFrom('airports')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (haveCountries >= countries.length && haveAirports >= airports.length) return;

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < countries.length; i += BATCH) {
      await trx
        .insertInto('countries')
        .values(countries.slice(i, i + BATCH).map((c) => ({ code: c.code, name: c.name, region_slug: c.region })))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    const known = new Set(countries.map((c) => c.code));
    const rows = airports.filter((a) => known.has(a.country));
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto('airports')
        .values(
          rows.slice(i, i + BATCH).map((a) => ({
            iata: a.iata,
            icao: a.icao,
            name: a.name,
            city: a.city,
            country_code: a.country,
            lat: a.lat,
            lon: a.lon,
            kind: a.type,
          })),
        )
        .onConflict((oc) => oc.column('iata').doNothing())
        .execute();
    }
  });
}

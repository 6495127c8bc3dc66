/**
 * The SQL of airports (table `airports`, OurAirports reference data, with its country and region).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';

/** An airport with its country and region. */
export interface AirportView {
  id: string;
  iata: string;
  icao: string | null;
  name: string;
  city: string | null;
  country_code: string;
  country_name: string;
  region_slug: string;
  region_name: string;
  /** Degrees, WGS 84. */
  lat: number | null;
  /** Degrees, WGS 84. */
  lon: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Selects `AirportView` rows of the airports `a` that satisfy `where`. */
export const selectAirports = (db: Kysely<DB>, where: ReturnType<typeof sql<SqlBool>>) =>
  db
    .selectFrom('airports as a')
    .innerJoin('countries as c', 'c.code', 'a.country_code')
    .innerJoin('regions as r', 'r.slug', 'c.region_slug')
    .where(where)
    .select(['a.id', 'a.iata', 'a.icao', 'a.name', 'a.city', 'a.country_code', 'c.name as country_name', 'c.region_slug', 'r.name as region_name', 'a.lat', 'a.lon']);

/** The airport `ref` names, a database id (UUID) or an IATA code (any case), if there is one. */
export async function findAirport(db: Kysely<DB>, ref: string): Promise<AirportView | undefined> {
  const where = UUID.test(ref) ? sql<SqlBool>`a.id = ${ref}::uuid` : sql<SqlBool>`a.iata = ${ref.toUpperCase()}`;
  return selectAirports(db, where).executeTakeFirst();
}

/**
 * Airports (table `airports`, OurAirports reference data): search by name, IATA code or city, and
 * one airport by database id or IATA code.
 */
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import { likePattern } from '../shared/sql-filters.js';

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
  lat: number | null;
  lon: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const selectAirports = (ctx: Ctx, where: ReturnType<typeof sql<SqlBool>>) =>
  ctx.db
    .selectFrom('airports as a')
    .innerJoin('countries as c', 'c.code', 'a.country_code')
    .innerJoin('regions as r', 'r.slug', 'c.region_slug')
    .where(where)
    .select(['a.id', 'a.iata', 'a.icao', 'a.name', 'a.city', 'a.country_code', 'c.name as country_name', 'c.region_slug', 'r.name as region_name', 'a.lat', 'a.lon']);

/**
 * Airports whose IATA code is `q`, or whose name or city contains it (case-insensitive); the exact
 * IATA match first, then by name. Without `q`, every airport by name.
 */
export async function listAirports(ctx: Ctx, q: string | undefined, window: Window): Promise<AirportView[]> {
  const term = q?.trim();
  const where = term
    ? sql<SqlBool>`(a.iata = ${term.toUpperCase()} or a.name ilike ${likePattern(term)} or a.city ilike ${likePattern(term)})`
    : sql<SqlBool>`true`;
  return (await selectAirports(ctx, where)
    .orderBy(sql`(a.iata = ${term?.toUpperCase() ?? ''}) desc, a.name, a.iata`)
    .limit(window.limit)
    .offset(window.offset)
    .execute()) as AirportView[];
}

/** The airport `ref` names: a database id (UUID) or an IATA code. @throws DomainError NOT_FOUND */
export async function getAirport(ctx: Ctx, ref: string): Promise<AirportView> {
  const where = UUID.test(ref) ? sql<SqlBool>`a.id = ${ref}::uuid` : sql<SqlBool>`a.iata = ${ref.toUpperCase()}`;
  const airport = (await selectAirports(ctx, where).executeTakeFirst()) as AirportView | undefined;
  if (!airport) throw notFound(`Airport ${ref}`);
  return airport;
}

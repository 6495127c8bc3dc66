/** Searching airports by name, IATA code or city (/v1/airports). */
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { likePattern } from '../shared/sql-filters.js';
import { selectAirports, type AirportView } from './repository.js';
import type { AirportFilterInput } from './schemas.js';

/**
 * Airports whose IATA code is `q`, or whose name or city contains it (case-insensitive); the exact
 * IATA match first, then by name. Without `q`, every airport by name.
 */
export async function listAirports(ctx: Ctx, filter: AirportFilterInput, window: Window): Promise<AirportView[]> {
  const term = filter.q?.trim();
  const where = term
    ? sql<SqlBool>`(a.iata = ${term.toUpperCase()} or a.name ilike ${likePattern(term)} or a.city ilike ${likePattern(term)})`
    : sql<SqlBool>`true`;
  return selectAirports(ctx.db, where)
    .orderBy(sql`(a.iata = ${term?.toUpperCase() ?? ''}) desc, a.name, a.iata`)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

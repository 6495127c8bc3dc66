/** Reading one airport (/v1/airports/{ref}). */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findAirport, type AirportView } from './repository.js';

/** The airport `ref` names: a database id (UUID) or an IATA code (any case). @throws DomainError NOT_FOUND */
export async function getAirport(ctx: Ctx, ref: string): Promise<AirportView> {
  const airport = await findAirport(ctx.db, ref);
  if (!airport) throw notFound(`Airport ${ref}`);
  return airport;
}

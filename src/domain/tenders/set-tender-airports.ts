/**
 * Replacing the airports of a tender (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { AirportSetInput } from '../shared/link-refs.js';
import { replaceAirportLinks, writeLinks } from '../links/index.js';
import type { TenderLinks } from './get-tender-links.js';

/**
 * Sets the airports (ids, IATA codes or names); when the main airport is not among them the first becomes the main airport and sets the country and region, for tender `id`. Returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown airport, naming `airports`)
 */
export async function setTenderAirports(ctx: Ctx, id: string, input: AirportSetInput): Promise<TenderLinks> {
  return writeLinks(ctx, 'tender', id, (trx) => replaceAirportLinks(trx, 'tender', id, input.airports)) as Promise<TenderLinks>;
}

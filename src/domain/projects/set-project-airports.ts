/**
 * Replacing the airports of a project (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { AirportSetInput } from '../shared/link-refs.js';
import { replaceAirportLinks, writeLinks } from '../links/index.js';
import type { ProjectLinks } from './get-project-links.js';

/**
 * Sets the airports of project `id` to `input.airports` (ids, IATA codes or names); when the main
 * airport is not among them the first one becomes the main airport and sets the place. Returns the
 * links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown airport, naming `airports`)
 */
export async function setProjectAirports(ctx: Ctx, id: string, input: AirportSetInput): Promise<ProjectLinks> {
  return writeLinks(ctx, 'project', id, (trx) => replaceAirportLinks(trx, 'project', id, input.airports)) as Promise<ProjectLinks>;
}

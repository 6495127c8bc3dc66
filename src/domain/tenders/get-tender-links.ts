/**
 * Reading the entity links of one tender (administrators): airports, companies, topics, tags.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { readLinks, type EntityLinks, type LinkedCompany } from '../links/index.js';
import type { LinkedAirport } from '../shared/link-refs.js';

/** Every link of a tender, as `GET /v1/admin/tenders/{id}/links` returns it (topics stand in for categories). */
export type TenderLinks = Pick<EntityLinks, 'topics' | 'tags'> & {
  /** The main airport first, then by IATA code. */
  airports: (LinkedAirport & { is_main: boolean })[];
  companies: Omit<LinkedCompany, 'role'>[];
};

/**
 * The airports (main one first), companies, topics (categories) and tags of tender `id`, in any state.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getTenderLinks(ctx: Ctx, id: string): Promise<TenderLinks> {
  requireAdmin(ctx.identity);
  return readLinks(ctx.db, 'tender', id) as Promise<TenderLinks>;
}

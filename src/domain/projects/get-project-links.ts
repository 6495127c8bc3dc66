/**
 * Reading the entity links of one project (administrators): airports, companies, topics, tags.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { readLinks, type EntityLinks, type LinkedCompany } from '../links/index.js';
import type { LinkedAirport } from '../shared/link-refs.js';

/** Every link of a project, as `GET /v1/admin/projects/{id}/links` returns it (companies with their role). */
export type ProjectLinks = Pick<EntityLinks, 'topics' | 'tags'> & {
  /** The main airport first, then by IATA code. */
  airports: (LinkedAirport & { is_main: boolean })[];
  companies: Required<LinkedCompany>[];
};

/**
 * The airports (main one first), companies with roles, topics and tags of project `id`, in any state.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getProjectLinks(ctx: Ctx, id: string): Promise<ProjectLinks> {
  requireAdmin(ctx.identity);
  return readLinks(ctx.db, 'project', id) as Promise<ProjectLinks>;
}

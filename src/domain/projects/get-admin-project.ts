/** Reading one project as an administrator: any state, unpublished included. */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findProjectView, type ProjectView } from './repository.js';

/**
 * Project `id` whatever its state (published or not): what `Location` of its creation reads.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminProject(ctx: Ctx, id: string): Promise<ProjectView> {
  requireAdmin(ctx.identity);
  const project = await findProjectView(ctx.db, id, { anyState: true });
  if (!project) throw notFound(`Project ${id}`);
  return project;
}

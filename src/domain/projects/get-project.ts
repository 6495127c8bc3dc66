/**
 * Reading one project: the published project with the articles that mention it and the caller's
 * watch flag.
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { notFound } from '../errors.js';
import { findProjectView, selectProjectMentions, withWatched, type ProjectMention, type ProjectView } from './repository.js';

/** A project with where it was mentioned and whether the caller watches it. */
export type ProjectDetail = ProjectView & { articles: ProjectMention[]; is_watched: boolean };

/**
 * One published project with its mentions (newest edition first) and `is_watched` for the caller.
 * Needs `projects`; a trial preview reads any project by id (single reads are not narrowed).
 * @throws DomainError FORBIDDEN without `projects` (full or preview)
 * @throws DomainError NOT_FOUND when there is no published project `id`
 */
export const getProject = gated(GATES.projects, async function getProject(ctx: Ctx, id: string): Promise<ProjectDetail> {
  const project = await findProjectView(ctx.db, id);
  if (!project) throw notFound(`Project ${id}`);
  const [watched] = await withWatched(ctx, [project]);
  return { ...watched!, articles: await selectProjectMentions(ctx.db, id) };
});

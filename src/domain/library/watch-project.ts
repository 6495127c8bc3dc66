/**
 * Watching a project (`project_watches`), and no longer watching it. Both are idempotent. Needs
 * `projects` (a trial preview may watch any project it can open by id). A watched project's
 * status, expected completion year and stated value changes reach the watcher as notifications
 * (src/domain/notifications/notify-project-watchers.ts).
 */
import { callerOf, type Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { notFound } from '../errors.js';
import { findProjectView, type ProjectView } from '../projects/index.js';

/** Refuses an unknown or unpublished project. @throws DomainError NOT_FOUND */
async function requireProject(ctx: Ctx, id: string): Promise<ProjectView> {
  const project = await findProjectView(ctx.db, id);
  if (!project) throw notFound(`Project ${id}`);
  return project;
}

/**
 * The caller watches project `id`; returns the project with `is_watched: true`.
 * @throws DomainError FORBIDDEN without `projects`; NOT_FOUND (unknown or unpublished project)
 */
export const watchProject = gated(GATES.projects, async function watchProject(ctx: Ctx, id: string): Promise<ProjectView & { is_watched: boolean }> {
  const me = callerOf(ctx);
  const project = await requireProject(ctx, id);
  await ctx.db.insertInto('project_watches').values({ user_id: me.userId, project_id: id, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing()).execute();
  return { ...project, is_watched: true };
});

/**
 * The caller stops watching project `id` (nothing to do when not watching).
 * @throws DomainError FORBIDDEN without `projects`; NOT_FOUND (unknown or unpublished project)
 */
export const unwatchProject = gated(GATES.projects, async function unwatchProject(ctx: Ctx, id: string): Promise<void> {
  const me = callerOf(ctx);
  await requireProject(ctx, id);
  await ctx.db.deleteFrom('project_watches').where('user_id', '=', me.userId).where('project_id', '=', id).execute();
});

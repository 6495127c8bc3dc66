/**
 * Exporting projects: every project matching a filter, by title then id, as a stream read in keyset
 * batches (stop iterating, or `return()`, to end early). How many rows a caller may take is decided
 * here, per edition: the /api/v1 export caps subscribers at {@link PROJECT_EXPORT_CAP} rows (admins
 * uncapped, seed 000 section 8); the reader's /v1 export is uncapped except in a trial preview.
 */
import type { Ctx } from '../context.js';
import { previewCap } from '../previews.js';
import { projectConditions, streamProjectViews, type ProjectView } from './repository.js';
import type { ProjectFilter } from './schemas.js';

/** Rows of a subscriber's /api/v1 project export (seed 000, section 8); administrators have no cap. */
export const PROJECT_EXPORT_CAP = 1000;

/** Every published project matching `filter`: at most {@link PROJECT_EXPORT_CAP} rows, none for admins. */
export async function* exportProjects(ctx: Ctx, filter: ProjectFilter): AsyncGenerator<ProjectView> {
  const cap = ctx.identity?.isAdmin ? Number.POSITIVE_INFINITY : PROJECT_EXPORT_CAP;
  yield* streamProjectViews(ctx.db, await projectConditions(ctx, filter), cap);
}

/** The reader's export: every published project matching `filter`; in a trial preview, only the preview's rows. */
export async function* exportProjectsForReader(ctx: Ctx, filter: ProjectFilter): AsyncGenerator<ProjectView> {
  yield* streamProjectViews(ctx.db, await projectConditions(ctx, filter), previewCap(ctx.identity, 'projects'));
}

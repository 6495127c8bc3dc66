/**
 * Exporting projects: every project matching a filter, by title then id, as a stream read in keyset
 * batches (stop iterating, or `return()`, to end early). The caller needs `projects` and `exports`
 * on every face (docs/entitlements.md). How many rows a caller may take is decided here, per
 * edition: the /api/v1 export caps subscribers at {@link PROJECT_EXPORT_CAP} rows (admins uncapped,
 * seed 000 section 8); the reader's /v1 export is uncapped; both send no more than a trial preview's
 * rows (unreachable today: no plan previews `projects` with `exports`).
 */
import type { Ctx } from '../context.js';
import { gateOperation, GATES } from '../entitlements.js';
import { previewCap } from '../previews.js';
import { projectConditions, streamProjectViews, type ProjectView } from './repository.js';
import type { ProjectFilter } from './schemas.js';

/** Rows of a subscriber's /api/v1 project export (seed 000, section 8); administrators have no cap. */
export const PROJECT_EXPORT_CAP = 1000;

/**
 * Every published project matching `filter`: at most {@link PROJECT_EXPORT_CAP} rows, none for admins.
 * The gate is checked when called, before any row is read (an export stream never fails halfway on it).
 * @throws DomainError FORBIDDEN without `projects` (full or preview) and `exports`
 */
export function exportProjects(ctx: Ctx, filter: ProjectFilter): AsyncGenerator<ProjectView> {
  return exportProjectRows(ctx, filter, ctx.identity?.isAdmin ? Number.POSITIVE_INFINITY : PROJECT_EXPORT_CAP);
}

/**
 * The reader's export: every published project matching `filter` (no cap); gate as {@link exportProjects}.
 * @throws DomainError FORBIDDEN without `projects` (full or preview) and `exports`
 */
export function exportProjectsForReader(ctx: Ctx, filter: ProjectFilter): AsyncGenerator<ProjectView> {
  return exportProjectRows(ctx, filter, Number.POSITIVE_INFINITY);
}

/** Checks the gate now, then streams at most `cap` rows (and no more than a preview's). */
function exportProjectRows(ctx: Ctx, filter: ProjectFilter, cap: number): AsyncGenerator<ProjectView> {
  gateOperation(ctx.identity, GATES.projectsExport);
  return (async function* () {
    yield* streamProjectViews(ctx.db, await projectConditions(ctx, filter), Math.min(cap, previewCap(ctx.identity, 'projects')));
  })();
}

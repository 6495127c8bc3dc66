/** The projects an article mentions, for readers: the article page's "Projects in this article". */
import { getArticle } from '../articles/index.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { listProjectsForReader } from './list-projects.js';
import type { WatchedProjectSummary } from './repository.js';
import type { ProjectSort } from './schemas.js';
import { gatedAs } from '../entitlements.js';

/**
 * One window of the published projects linked to article `articleId` (by an editor or by the
 * auto-linker), with watch flags, through the reader's project list: its `projects` gate and trial
 * preview apply unchanged.
 * @throws DomainError NOT_FOUND for an unknown article or a draft's (non-administrators);
 *   FORBIDDEN without `projects` (full or preview)
 */
export const listProjectsOfArticle = gatedAs(listProjectsForReader, async function listProjectsOfArticle(ctx: Ctx, articleId: string, sort: ProjectSort, window: Window): Promise<Page<WatchedProjectSummary>> {
  await getArticle(ctx, articleId);
  return listProjectsForReader(ctx, { articleId }, sort, window);
});

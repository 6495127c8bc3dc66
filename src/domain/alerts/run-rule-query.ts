/**
 * Running a rule's query as its owner would see the list (same filter, same gate, same trial
 * preview): the newest items first, as `{ id, title, url }` for deliveries.
 */
import type { Ctx } from '../context.js';
import { searchArchive, searchParamsToQuery, type SearchParams } from '../articles/index.js';
import { listProjects, projectParamsToFilter, type ProjectParams } from '../projects/index.js';
import { listTenders, tenderParamsToFilter, type TenderParams } from '../tenders/index.js';
import type { AlertSubject } from './schemas.js';

/** An item a rule matched, as deliveries name it. */
export interface MatchedItem {
  id: string;
  title: string;
  /** The reader URL of the item (relative to the service). */
  path: string;
}

/** How many items one run looks at (newest first). */
export const MATCH_WINDOW = 200;

/**
 * The items `query` matches for the caller of `ctx` (an identity context), newest first: articles
 * in the archive's order (relevance with `q`), projects by last update, tenders by publication.
 * @throws DomainError FORBIDDEN when the owner can no longer read the subject
 */
export async function runRuleQuery(ctx: Ctx, subject: AlertSubject, query: Record<string, unknown>, limit = MATCH_WINDOW): Promise<MatchedItem[]> {
  const window = { limit, offset: 0 };
  if (subject === 'articles') {
    const rows = await searchArchive(ctx, searchParamsToQuery(query as SearchParams), window);
    return rows.map((a) => ({ id: a.id, title: a.headline, path: `/v1/articles/${a.id}` }));
  }
  if (subject === 'projects') {
    const page = await listProjects(ctx, projectParamsToFilter(query as ProjectParams), 'updated_desc', window);
    return page.items.map((p) => ({ id: p.id, title: p.title, path: `/v1/projects/${p.id}` }));
  }
  const page = await listTenders(ctx, tenderParamsToFilter(query as TenderParams), 'published_desc', window);
  return page.items.map((t) => ({ id: t.id, title: t.title, path: `/v1/tenders/${t.id}` }));
}

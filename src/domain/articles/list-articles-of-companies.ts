/**
 * The articles that name a set of companies, in the caller's archive scope (a trial preview of
 * `archive` sees only the latest published edition), newest first, with saved flags: the reader's
 * list of a company profile (src/domain/companies/list-company-records.ts).
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import type { Window } from '../pagination.js';
import { archiveScope } from './archive-scope.js';
import { withSaved, type ReaderArticle } from './saved-articles.js';
import { findArticles } from './search-engine.js';

/**
 * One window of the published articles naming one of `companyIds` (as given, not expanded).
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const listArticlesOfCompanies = gated(GATES.archive, async function listArticlesOfCompanies(ctx: Ctx, companyIds: string[], window: Window): Promise<ReaderArticle[]> {
  const page = await findArticles(ctx.db, { ...(await archiveScope(ctx)), anyCompanies: companyIds }, window);
  return withSaved(ctx, page.items);
});

/**
 * The records of a company profile: its projects, tenders and articles, reached as `company_id`
 * filters reach them (the company, its other names and its subsidiaries: ../companies/resolve-company-ids.ts),
 * through the reader operations of each entity, so their gates and previews apply unchanged:
 * projects need `projects`, tenders `wat`, articles `archive` (trial previews narrowed).
 */
import { listArticlesOfCompanies, type ReaderArticle } from '../articles/index.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { listProjectsForReader, type ProjectSort, type WatchedProjectSummary } from '../projects/index.js';
import { listTenders, type TenderSort, type TenderView } from '../tenders/index.js';
import { resolveCompanyIds, resolveCompanyRef } from '../companies/index.js';
import { gatedAs } from '../entitlements.js';

/**
 * One window of the published projects of company `ref`, with watch flags.
 * @throws DomainError NOT_FOUND for an unknown company; FORBIDDEN without `projects` (full or preview)
 */
export const listCompanyProjects = gatedAs(listProjectsForReader, async function listCompanyProjects(ctx: Ctx, ref: string, sort: ProjectSort, window: Window): Promise<Page<WatchedProjectSummary>> {
  const id = await resolveCompanyRef(ctx, ref);
  return listProjectsForReader(ctx, { companyId: id }, sort, window);
});

/**
 * One window of the published tenders company `ref` lists, buys or bids for.
 * @throws DomainError NOT_FOUND for an unknown company; FORBIDDEN without `wat` (full or preview)
 */
export const listCompanyTenders = gatedAs(listTenders, async function listCompanyTenders(ctx: Ctx, ref: string, sort: TenderSort, window: Window): Promise<Page<TenderView>> {
  const id = await resolveCompanyRef(ctx, ref);
  return listTenders(ctx, { companyIds: await resolveCompanyIds(ctx, id) }, sort, window);
});

/**
 * One window of the articles naming company `ref`, in the caller's archive scope, newest first.
 * @throws DomainError NOT_FOUND for an unknown company; FORBIDDEN without `archive` (full or preview)
 */
export const listCompanyArticles = gatedAs(listArticlesOfCompanies, async function listCompanyArticles(ctx: Ctx, ref: string, window: Window): Promise<ReaderArticle[]> {
  const id = await resolveCompanyRef(ctx, ref);
  return listArticlesOfCompanies(ctx, await resolveCompanyIds(ctx, id), window);
});

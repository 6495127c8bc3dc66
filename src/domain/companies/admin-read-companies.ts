/**
 * The administrators' reads of companies: the same profiles as readers get (./list-companies.ts),
 * by id, with no subscription needed.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import { allOf } from '../shared/sql-filters.js';
import { companyConditions, selectCompanyIds, selectCompanyViews, type CompanyView } from './repository.js';
import type { CompanyFilter } from './schemas.js';

/**
 * One window of the companies matching `filter`, by name.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function listAdminCompanies(ctx: Ctx, filter: CompanyFilter, window: Window): Promise<CompanyView[]> {
  requireAdmin(ctx.identity);
  return selectCompanyViews(ctx.db, await selectCompanyIds(ctx.db, allOf(companyConditions(filter)), window));
}

/**
 * Company `id`.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminCompany(ctx: Ctx, id: string): Promise<CompanyView> {
  requireAdmin(ctx.identity);
  const [view] = await selectCompanyViews(ctx.db, [id]);
  if (!view) throw notFound(`Company ${id}`);
  return view;
}

/**
 * Company profiles for readers: the list (filtered by name, alias or slug and by country) and one
 * profile by reference (id, slug, the slug of a company merged into it, name or alias). Any
 * subscriber reads them; the records they list have their own gates (./list-company-records.ts).
 */
import type { Ctx } from '../context.js';
import { requireSubscription } from '../entitlements.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import { allOf } from '../shared/sql-filters.js';
import { companyConditions, findCompanyIdByRef, selectCompanyIds, selectCompanyViews, type CompanyView } from './repository.js';
import type { CompanyFilter } from './schemas.js';

/**
 * One window of the companies matching `filter`, by name.
 * @throws DomainError FORBIDDEN without an active subscription
 */
export async function listCompanies(ctx: Ctx, filter: CompanyFilter, window: Window): Promise<CompanyView[]> {
  if (ctx.identity) requireSubscription(ctx.identity);
  return selectCompanyViews(ctx.db, await selectCompanyIds(ctx.db, allOf(companyConditions(filter)), window));
}

/**
 * The company `ref` names (see {@link resolveCompanyRef}).
 * @throws DomainError FORBIDDEN without an active subscription; NOT_FOUND when `ref` names no company
 */
export async function getCompany(ctx: Ctx, ref: string): Promise<CompanyView> {
  if (ctx.identity) requireSubscription(ctx.identity);
  const [view] = await selectCompanyViews(ctx.db, [await resolveCompanyRef(ctx, ref)]);
  if (!view) throw notFound(`Company ${ref}`);
  return view;
}

/**
 * The id of the company `ref` names: an id, a slug, the slug of a company merged into it, or its
 * name or an alias (case-insensitive), in that order.
 * @throws DomainError NOT_FOUND when it names none
 */
export async function resolveCompanyRef(ctx: Ctx, ref: string): Promise<string> {
  const id = await findCompanyIdByRef(ctx.db, ref);
  if (!id) throw notFound(`Company ${ref}`);
  return id;
}

/**
 * Facets of the tenders (/v1/tenders/facets): for the tenders that match a filter, the derived
 * statuses, types, regions, countries, topics (which stand in for categories) and tags, with counts.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { columnDimension, countryDimension, facetCounts, regionDimension, termDimension, type Facet } from '../shared/facets.js';
import { allOf } from '../shared/sql-filters.js';
import { tenderConditions } from './repository.js';
import type { TenderFilter } from './schemas.js';
import { derivedTenderStatus } from './tender-status.js';

/** The vocabulary of a set of tenders: `{ value, label, count }` per dimension. */
export interface TenderFacets {
  statuses: Facet[];
  types: Facet[];
  regions: Facet[];
  countries: Facet[];
  topics: Facet[];
  tags: Facet[];
}

/**
 * Counts the vocabulary of the published tenders matching `filter`, statuses derived at
 * `ctx.now()` (not narrowed in a preview).
 * @throws DomainError FORBIDDEN without `wat` (full or preview)
 */
export const facetTenders = gated(GATES.tenders, async function facetTenders(ctx: Ctx, filter: TenderFilter): Promise<TenderFacets> {
  const now = ctx.now();
  const matching = sql`select t.id, ${derivedTenderStatus(now)} as status, t.tender_type, t.region_slug, t.country_code from tenders t
                        where ${allOf(tenderConditions(filter, now))}`;
  const count = (d: Parameters<typeof facetCounts>[2]) => facetCounts(ctx.db, matching, d);
  const [statuses, types, regions, countries, topics, tags] = await Promise.all([
    count(columnDimension('status')),
    count(columnDimension('tender_type')),
    count(regionDimension),
    count(countryDimension),
    count(termDimension('tender', 'topic')),
    count(termDimension('tender', 'tag')),
  ]);
  return { statuses, types, regions, countries, topics, tags };
});

/**
 * Which project filters the facet index in memory answers (src/domain/projects/facet-index.ts,
 * decisions 0062 and 0063), and a filter's values resolved into the index's slots. Used by the
 * filtered facets and by the filtered lists.
 */
import type { Ctx } from '../context.js';
import { regionSlugs, termIds } from '../shared/sql-filters.js';
import type { IndexFilter, Slots } from './facet-index.js';
import type { ProjectFilter } from './schemas.js';

/** The members of a filter the facet index answers; a filter with any other member is read in SQL. */
const INDEXED: ReadonlySet<keyof ProjectFilter> = new Set(['region', 'country', 'status', 'type', 'topic', 'terms', 'minValueUsd', 'minAmount', 'maxAmount', 'yearFrom', 'yearTo']);

/**
 * `filter` for the facet index (src/domain/projects/facet-index.ts), its regions and terms resolved
 * as src/domain/projects/project-conditions.ts resolves them; `undefined` without a member (the
 * caller's unfiltered reading answers) or when a member needs SQL (text search, companies, airports, links, the `…Contains` names,
 * `updatedSince`).
 */
export async function indexFilterOf(ctx: Ctx, filter: ProjectFilter): Promise<((slots: Slots) => IndexFilter) | undefined> {
  const given = (Object.keys(filter) as (keyof ProjectFilter)[]).filter((k) => filter[k] !== undefined && !(k === 'terms' && filter.terms!.length === 0));
  if (given.length === 0 || given.some((k) => !INDEXED.has(k))) return undefined;
  const regions = filter.region === undefined ? undefined : await regionSlugs(ctx.db, filter.region);
  const termSets = [
    ...(filter.topic === undefined ? [] : [await termIds(ctx.db, filter.topic, ['topic'])]),
    ...(await Promise.all((filter.terms ?? []).map((t) => termIds(ctx.db, t, ['topic', 'tag'])))),
  ];
  return (slots) => ({
    status: filter.status === undefined ? undefined : slots.find('status', [filter.status]),
    region: regions && slots.find('region', regions),
    country: filter.country === undefined ? undefined : slots.find('country', [filter.country.toUpperCase()]),
    type: filter.type === undefined ? undefined : slots.find('type', [filter.type]),
    terms: termSets.map((ids) => slots.find('term', ids)),
    yearFrom: filter.yearFrom,
    yearTo: filter.yearTo,
    usdMin: filter.minValueUsd,
    amountMin: filter.minAmount,
    amountMax: filter.maxAmount,
  });
}

/**
 * The project facets counted the way the service counted them before migrations 0026 and 0028: one
 * statement per dimension over the projects matching `where`, the topics and tags through the
 * link tables. The reference the stored counts (test/perf/facet-deltas.test.ts) and the filtered
 * facets read once (test/perf/facet-counts.test.ts) are compared with, entries and order.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../src/db/types.js';
import type { ProjectFacets } from '../../src/domain/projects/index.js';
import { columnDimension, countryDimension, facetCounts, regionDimension, termDimension, type Dimension } from '../../src/domain/shared/facets.js';

/** The facets of the projects `p` satisfying `where`, one count per dimension. */
export async function projectFacetsPerDimension(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<ProjectFacets> {
  const matching = sql`select p.id, p.status, p.region_slug, p.country_code, p.project_type_slug from projects p where ${where}`;
  const count = (d: Dimension) => facetCounts(db, matching, d);
  return {
    statuses: await count(columnDimension('status')),
    regions: await count(regionDimension),
    countries: await count(countryDimension),
    types: await count({ join: sql`join project_types pt on pt.slug = x.project_type_slug`, value: sql`pt.slug`, label: sql`pt.name` }),
    topics: await count(termDimension('project', 'topic')),
    tags: await count(termDimension('project', 'tag')),
  };
}

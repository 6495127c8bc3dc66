/**
 * Facets of the projects database (/v1/projects/facets): for the projects that match a filter, the
 * statuses, regions, countries, project types, topics and tags they carry, with counts. The values
 * are what the list's parameters take (status, region slug, ISO code, type slug, term slugs).
 *
 * Without a filter the counts are summed from `project_facet_deltas`, which triggers keep exact in
 * every writing transaction (migration 0026); with one they are counted over the matching projects.
 * Both give the same entries in the same order (test/perf/facet-deltas.test.ts, after every kind
 * of write; test/perf/facet-counts.test.ts against reference SQL).
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { defineJob, type JobHandler } from '../jobs/index.js';
import { columnDimension, countryDimension, facetCounts, facetSums, regionDimension, termDimension, type Dimension, type Facet } from '../shared/facets.js';
import { allOf } from '../shared/sql-filters.js';
import { projectConditions } from './project-conditions.js';
import type { ProjectFilter } from './schemas.js';

/** The vocabulary of a set of projects: `{ value, label, count }` per dimension. */
export interface ProjectFacets {
  statuses: Facet[];
  regions: Facet[];
  countries: Facet[];
  types: Facet[];
  topics: Facet[];
  tags: Facet[];
}

/**
 * Counts the vocabulary of the published projects matching `filter` (not narrowed in a preview).
 * @throws DomainError FORBIDDEN without `projects` (full or preview)
 */
export const facetProjects = gated(GATES.projects, async function facetProjects(ctx: Ctx, filter: ProjectFilter): Promise<ProjectFacets> {
  const conditions = await projectConditions(ctx, filter);
  // Only `p.published`: every published project, whose counts the triggers keep.
  if (conditions.length === 1) return storedProjectFacets(ctx);
  const matching = sql`select p.id, p.status, p.region_slug, p.country_code, p.project_type_slug from projects p where ${allOf(conditions)}`;
  const count = (d: Dimension) => facetCounts(ctx.db, matching, d);
  const [statuses, regions, countries, types, topics, tags] = await Promise.all([
    count(columnDimension('status')),
    count(regionDimension),
    count(countryDimension),
    count({ join: sql`join project_types pt on pt.slug = x.project_type_slug`, value: sql`pt.slug`, label: sql`pt.name` }),
    count(termDimension('project', 'topic')),
    count(termDimension('project', 'tag')),
  ]);
  return { statuses, regions, countries, types, topics, tags };
});

/** The facets of all published projects, summed from the deltas of migration 0026 (`s.key` per dimension). */
async function storedProjectFacets(ctx: Ctx): Promise<ProjectFacets> {
  const sum = (dimension: string, d: Dimension) =>
    facetSums(ctx.db, sql`select key, sum(delta) as n from project_facet_deltas where dimension = ${dimension} group by key`, d);
  const [statuses, regions, countries, types, topics, tags] = await Promise.all([
    sum('status', { join: sql``, value: sql`s.key`, label: sql`s.key` }),
    sum('region', { join: sql`join regions r on r.slug = s.key`, value: sql`r.slug`, label: sql`r.name` }),
    sum('country', { join: sql`join countries c on c.code = s.key`, value: sql`c.code`, label: sql`c.name` }),
    sum('type', { join: sql`join project_types pt on pt.slug = s.key`, value: sql`pt.slug`, label: sql`pt.name` }),
    sum('topic', { join: sql`join topics term on term.id = s.key::uuid`, value: sql`term.slug`, label: sql`term.name` }),
    sum('tag', { join: sql`join tags term on term.id = s.key::uuid`, value: sql`term.slug`, label: sql`term.name` }),
  ]);
  return { statuses, regions, countries, types, topics, tags };
}

/**
 * Replaces the deltas of each facet value by their sum, in one statement (a reader sees the rows
 * before or after, with the same sums; writers meanwhile add rows that are left for the next run).
 * @returns the rows before and after
 */
export async function compactProjectFacets(ctx: Ctx): Promise<{ before: number; after: number }> {
  const { rows } = await sql<{ before: number; after: number }>`
    with gone as (delete from project_facet_deltas returning dimension, key, delta),
         kept as (insert into project_facet_deltas (dimension, key, delta)
                  select dimension, key, sum(delta)::int from gone group by dimension, key having sum(delta) <> 0
                  returning 1)
    select (select count(*) from gone)::int as before, (select count(*) from kept)::int as after`.execute(ctx.db);
  return rows[0] ?? { before: 0, after: 0 };
}

/** The job kind of the compaction. */
export const COMPACT_PROJECT_FACETS_JOB = 'projects.compact-facets';

/** The recurring compaction of the facet counts (hourly). */
export function projectJobs(): JobHandler<never>[] {
  const compact = defineJob<Record<string, never>>({ kind: COMPACT_PROJECT_FACETS_JOB, every: 3_600_000, maxAttempts: 3, run: async (ctx) => { await compactProjectFacets(ctx); } });
  return [compact] as unknown as JobHandler<never>[];
}

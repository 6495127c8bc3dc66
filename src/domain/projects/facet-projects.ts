/**
 * Facets of the projects database (/v1/projects/facets): for the projects that match a filter, the
 * statuses, regions, countries, project types, topics and tags they carry, with counts. The values
 * are what the list's parameters take (status, region slug, ISO code, type slug, term slugs).
 *
 * Without a filter the counts are summed from `project_facet_deltas`, which triggers keep exact in
 * every writing transaction (migration 0026). With a filter of statuses, places, types, terms,
 * years and values they are counted by the facet index in memory
 * (src/domain/projects/facet-index.ts, decision 0062), brought up to the content version first;
 * with any other filter, over the matching projects in two statements (the columns by grouping
 * sets; the topics and tags from `term_ids`, migration 0028). All are labelled by one table of
 * dimensions in one statement and give the same entries in the same order
 * (test/perf/facet-deltas.test.ts, after every kind of write; test/perf/facet-counts.test.ts and
 * test/perf/facet-index.test.ts against reference SQL).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { defineJob, type JobHandler } from '../jobs/index.js';
import { facetSums, type Dimension, type Facet } from '../shared/facets.js';
import { allOf } from '../shared/sql-filters.js';
import type { FacetCount } from './facet-index.js';
import { countFromIndex } from './facet-index-store.js';
import { indexFilterOf } from './index-filter.js';
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
 * The dimensions of the project facets, each once: the `project_facet_deltas` dimension that counts
 * it and how its counts `s` (`s.key`, `s.n`) are named and labelled. The statuses are their own
 * labels; topic and tag keys are term ids.
 */
const DIMENSIONS: Record<keyof ProjectFacets, { counted: string; label: Dimension }> = {
  statuses: { counted: 'status', label: { join: sql``, value: sql`s.key`, label: sql`s.key` } },
  regions: { counted: 'region', label: { join: sql`join regions r on r.slug = s.key`, value: sql`r.slug`, label: sql`r.name` } },
  countries: { counted: 'country', label: { join: sql`join countries c on c.code = s.key`, value: sql`c.code`, label: sql`c.name` } },
  types: { counted: 'type', label: { join: sql`join project_types pt on pt.slug = s.key`, value: sql`pt.slug`, label: sql`pt.name` } },
  topics: { counted: 'topic', label: { join: sql`join topics term on term.id = s.key::uuid`, value: sql`term.slug`, label: sql`term.name` } },
  tags: { counted: 'tag', label: { join: sql`join tags term on term.id = s.key::uuid`, value: sql`term.slug`, label: sql`term.name` } },
};

/** Each dimension's entries from `sums(counted)`, a subquery of `(key, n)` rows, in one statement (see {@link facetSums}). */
async function labelled(ctx: Ctx, sums: (counted: string) => RawBuilder<unknown>): Promise<ProjectFacets> {
  const names = Object.keys(DIMENSIONS) as (keyof ProjectFacets)[];
  const facets = await facetSums(ctx.db, names.map((name) => ({ sums: sums(DIMENSIONS[name].counted), d: DIMENSIONS[name].label })));
  return Object.fromEntries(names.map((name, i) => [name, facets[i]!])) as unknown as ProjectFacets;
}

/**
 * Counts the vocabulary of the published projects matching `filter` (not narrowed in a preview).
 * Without a filter the counts are the sums of `project_facet_deltas`; with one the facet index
 * answers (outside a transaction) when it can, else the statuses, regions, countries and types of
 * the matching projects are counted in one pass (grouping sets) and their `term_ids` in another,
 * the two statements concurrent on a pool.
 * @throws DomainError FORBIDDEN without `projects` (full or preview)
 */
export const facetProjects = gated(GATES.projects, async function facetProjects(ctx: Ctx, filter: ProjectFilter): Promise<ProjectFacets> {
  const indexed = ctx.db.isTransaction ? undefined : await indexFilterOf(ctx, filter);
  let rows: FacetCount[] | undefined = indexed && (await countFromIndex(ctx.db, indexed, await ctx.contentVersion?.()));
  if (!rows) {
    const conditions = await projectConditions(ctx, filter);
    // Only `p.published`: every published project, whose counts the triggers keep.
    if (conditions.length === 1) {
      return labelled(ctx, (counted) => sql`select key, sum(delta) as n from project_facet_deltas where dimension = ${counted} group by key`);
    }
    rows = await countBySql(ctx, allOf(conditions));
  }
  const counts = (counted: string) => {
    const of = rows.filter((r) => r.dimension === (counted === 'topic' || counted === 'tag' ? 'term' : counted));
    return sql`select * from unnest(${of.map((r) => r.key)}::text[], ${of.map((r) => r.n)}::int[]) as s(key, n)`;
  };
  return labelled(ctx, counts);
});

/**
 * The counts of the projects matching `where` in two statements, concurrent on a pool: the four
 * columns counted in one pass by grouping sets (a hash table each), the terms by unnesting
 * `term_ids`. Counting one `(dimension, key)` row per column and term, as before, took 1.5–1.7 s
 * where these take 0.65 s and 0.37 s over 789 000 matches (bench/README.md, "Filtered facets in
 * two statements").
 */
async function countBySql(ctx: Ctx, where: RawBuilder<SqlBool>): Promise<FacetCount[]> {
  const [columns, terms] = await Promise.all([
    sql<FacetCount>`
      select * from (
        select case grouping(p.status, p.region_slug, p.country_code, p.project_type_slug)
                 when 7 then 'status' when 11 then 'region' when 13 then 'country' else 'type' end as dimension,
               coalesce(p.status, p.region_slug, p.country_code, p.project_type_slug) as key, count(*)::int as n
          from projects p
         where ${where}
         group by grouping sets ((p.status), (p.region_slug), (p.country_code), (p.project_type_slug))) c
       where c.key is not null`.execute(ctx.db),
    sql<FacetCount>`
      select 'term' as dimension, t::text as key, count(*)::int as n
        from projects p cross join lateral unnest(p.term_ids) t
       where ${where}
       group by t`.execute(ctx.db),
  ]);
  return [...columns.rows, ...terms.rows];
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

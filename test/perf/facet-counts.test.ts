/**
 * Facet counts (src/domain/shared/facets.ts): a dimension whose join meets each record at most once
 * per value is counted with `count(*)` instead of `count(distinct x.id)` (issue 31: the distinct
 * count sorted every joined row and spilled to disk at a million projects). The counts must stay
 * those of distinct records: checked here against reference SQL written out independently, for
 * every dimension of the project facets (the dimensions the tender and article facets share), with
 * and without a filter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type RawBuilder } from 'kysely';
import { facetProjects, type ProjectFilter } from '../../src/domain/projects/index.js';
import type { Facet } from '../../src/domain/shared/facets.js';
import { adminCtx } from '../helpers/factories.js';
import { projectFacetsPerDimension } from '../helpers/project-facets.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

/** `{ value: count }` of distinct records per value, from `select value, record_id …`. */
async function reference(pairs: RawBuilder<unknown>): Promise<Record<string, number>> {
  const { rows } = await sql<{ value: string; n: number }>`select value::text as value, count(distinct record_id)::int as n from (${pairs}) r group by 1`.execute(h.database.db);
  return Object.fromEntries(rows.map((r) => [r.value, r.n]));
}
const asMap = (facets: Facet[]) => Object.fromEntries(facets.map((f) => [f.value, f.count]));

describe('facet counts', () => {
  it('projects: every dimension counts distinct projects, with and without a filter', async () => {
    const ctx = await adminCtx(h);
    for (const [filter, where] of [[{}, sql`p.published`], [{ country: 'GB' }, sql`p.published and p.country_code = 'GB'`]] as const) {
      const got = await facetProjects(ctx, filter);
      const want = {
        statuses: await reference(sql`select p.status as value, p.id as record_id from projects p where ${where}`),
        regions: await reference(sql`select p.region_slug as value, p.id as record_id from projects p where ${where} and p.region_slug is not null`),
        countries: await reference(sql`select p.country_code as value, p.id as record_id from projects p where ${where} and p.country_code is not null`),
        types: await reference(sql`select p.project_type_slug as value, p.id as record_id from projects p where ${where} and p.project_type_slug is not null`),
        topics: await reference(sql`select t.slug as value, p.id as record_id from projects p join project_topics l on l.project_id = p.id join topics t on t.id = l.topic_id where ${where}`),
        tags: await reference(sql`select t.slug as value, p.id as record_id from projects p join project_tags l on l.project_id = p.id join tags t on t.id = l.tag_id where ${where}`),
      };
      for (const [name, counts] of Object.entries(want)) {
        assert.ok(Object.keys(counts).length > 0, `${JSON.stringify(filter)}: the sample has ${name}`);
        assert.deepEqual(asMap(got[name as keyof typeof got]), counts, `${JSON.stringify(filter)}: ${name}`);
      }
    }
  });

  it('projects: a filtered request counts the matching projects once, with the entries and the order of a count per dimension over the link tables', async () => {
    const ctx = await adminCtx(h);
    const filters: [ProjectFilter, RawBuilder<unknown>][] = [
      [{ status: 'ongoing' }, sql`p.published and p.status = 'ongoing'`],
      [{ terms: ['runways'] }, sql`p.published and exists (select 1 from project_topics l join topics t on t.id = l.topic_id where l.project_id = p.id and t.slug = 'runways')`],
      [{ q: 'terminal' }, sql`p.published and p.search_vector @@ websearch_to_tsquery('english', 'terminal')`],
      [{ country: 'ZZ' }, sql`p.published and p.country_code = 'ZZ'`],
    ];
    for (const [filter, where] of filters) {
      const want = await projectFacetsPerDimension(h.database.db, where);
      assert.deepEqual(await facetProjects(ctx, filter), want, JSON.stringify(filter));
      if (!filter.country) assert.ok(want.statuses.length > 0 && want.topics.length > 0, `${JSON.stringify(filter)} matches projects with topics`);
    }
    assert.deepEqual(await facetProjects(ctx, { country: 'ZZ' }), { statuses: [], regions: [], countries: [], types: [], topics: [], tags: [] }, 'nothing matches: every dimension empty');
  });
});

/**
 * The project facet index in memory (decision 0062, src/domain/projects/facet-index.ts): filtered
 * `/v1/projects/facets` counted by the index must equal counting the matching projects in SQL,
 * entries and order, for random filters of every indexed member (drawn by a seeded generator from
 * the sample's own values, unknown values included) — and stay equal after every kind of write,
 * whether through the domain or through SQL that no code of this process sees (as another process's
 * write would be), after the change feed was pruned past the index, and across a rebuild of its base.
 * The prefix counts are taken every 3 rows here and the table is read 2 pages per statement, so
 * that the sample's few hundred projects go through the paths a million projects take.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Ctx } from '../../src/domain/context.js';
import { facetIndexSettings, facetIndexSettled, facetIndexState, facetProjects, setProjectCompanies, setProjectTerms, updateProject, type ProjectFilter } from '../../src/domain/projects/index.js';
import { projectConditions } from '../../src/domain/projects/project-conditions.js';
import { allOf } from '../../src/domain/shared/sql-filters.js';
import { makeProject } from '../helpers/factories.js';
import { projectFacetsPerDimension } from '../helpers/project-facets.js';
import { randomProjectFilters, startIndexHarness } from '../helpers/project-filters.js';
import type { Harness, TestIdentity } from '../helpers/harness.js';

let h: Harness;
let ctx: Ctx;
let pro: TestIdentity;
let close: () => Promise<void>;
before(async () => ({ h, ctx, pro, close } = await startIndexHarness()));
after(() => close());

/** Asserts the index's answer to every filter equals counting the matches in SQL; returns how many matched something. */
async function expectExact(filters: ProjectFilter[], step: string): Promise<number> {
  let nonEmpty = 0;
  for (const filter of filters) {
    const want = await projectFacetsPerDimension(h.database.db, allOf(await projectConditions(ctx, filter)));
    const got = await facetProjects(ctx, filter);
    assert.deepEqual(got, want, `${step}: ${JSON.stringify(filter)}`);
    if (want.statuses.length > 0) nonEmpty++;
  }
  return nonEmpty;
}

describe('project facet index', () => {
  it('answers 300 random filters exactly as counting in SQL does, and serves GET /v1/projects/facets', async () => {
    assert.equal(facetIndexState(h.database.db), undefined, 'no index before the first filtered request');
    const filters = await randomProjectFilters(h.database.db, 300, 17);
    const nonEmpty = await expectExact(filters, 'sample');
    assert.ok(nonEmpty > 100 && nonEmpty < 300, `a mix of filters that match and that do not (${nonEmpty} of 300 match)`);
    const state = facetIndexState(h.database.db);
    const published = Number((await sql<{ n: string }>`select count(*) as n from projects where published`.execute(h.database.db)).rows[0]!.n);
    assert.equal(state?.baseRows, published, 'the index holds every published project');
    assert.equal(state?.drift, 0);

    const res = await h.app.inject({ method: 'GET', url: '/v1/projects/facets?status=ongoing&min_value=1', headers: pro.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), await projectFacetsPerDimension(h.database.db, sql`p.published and p.status = 'ongoing' and p.value_amount >= 1`));
  });

  it('counts filters with a company, a parent programme or an article exactly, before and after the links change', async () => {
    const db = h.database.db;
    const filters = await randomProjectFilters(db, 150, 31, { linked: true });
    const nonEmpty = await expectExact(filters, 'linked');
    assert.ok(nonEmpty > 30 && nonEmpty < 150, `a mix of filters that match and that do not (${nonEmpty} of 150 match)`);
    const [company] = (await sql<{ id: string }>`select company_id as id from project_companies group by 1 order by count(*) desc, 1 limit 1`.execute(db)).rows;
    const [unlinked] = (await sql<{ id: string }>`select id from projects where published and id not in (select project_id from project_companies) order by id limit 1`.execute(db)).rows;
    await setProjectCompanies(ctx, unlinked!.id, { companies: [{ id: company!.id }] });
    await sql`delete from project_companies where (project_id, company_id) in (select project_id, company_id from project_companies where company_id = ${company!.id} order by project_id limit 2)`.execute(db);
    await sql`update projects set parent_project_id = (select parent_project_id from projects where parent_project_id is not null order by id limit 1) where id in (select id from projects where published and parent_project_id is null order by id limit 3)`.execute(db);
    await expectExact([...filters, { companyId: company!.id }, { companyId: company!.id, status: 'ongoing' }], 'after the links changed');
    assert.ok(facetIndexState(db)!.drift > 0, 'the relinked projects are changed rows of the index');
  });

  it('answers a company from its postings, exact when projects relink and when the company gains a subsidiary', async () => {
    const db = h.database.db;
    await facetIndexSettled(db); // the company postings, whose load the previous test's first company started
    const linked = Number((await sql<{ n: string }>`select count(distinct company_id) as n from project_companies`.execute(db)).rows[0]!.n);
    const read = facetIndexState(db)!;
    assert.equal(read.companies, linked, 'every linked company has postings');
    assert.ok(read.companyPostingBytes > 0 && read.companyPostingBytes % 4 === 0, `4 bytes a posting (${read.companyPostingBytes})`);
    const [company, child, ...others] = (await sql<{ id: string }>`select company_id as id from project_companies group by 1 order by count(*) desc, 1 limit 4`.execute(db)).rows;
    const filter: ProjectFilter = { companyId: company!.id, status: 'ongoing' };
    await expectExact([filter, { companyId: company!.id }, { companyId: others[0]!.id, type: 'airport' }], 'from the postings');
    const after = facetIndexState(db)!;
    assert.deepEqual([after.rowSets, after.rowSetMisses, after.rowSetHits], [read.rowSets, read.rowSetMisses, read.rowSetHits], 'no set read in SQL, none kept');

    // Projects relinked in SQL and through the domain: judged by their changed rows, not by the postings.
    await sql`delete from project_companies where (project_id, company_id) in (select project_id, company_id from project_companies where company_id = ${company!.id} order by project_id limit 1)`.execute(db);
    const [unlinked] = (await sql<{ id: string }>`select id from projects where published and id not in (select project_id from project_companies where company_id = ${company!.id}) order by id limit 1`.execute(db)).rows;
    await setProjectCompanies(ctx, unlinked!.id, { companies: [{ id: company!.id }] });
    await expectExact([filter, { companyId: company!.id }], 'after the links changed');
    assert.equal(facetIndexState(db)!.companies, linked, 'the same postings, the changes beside them');

    // A company that becomes a subsidiary changes no project, yet its projects (rows of the base,
    // unchanged) join the filter: the union of both companies' postings, made once and kept.
    const total = async (f: ProjectFilter) => (await facetProjects(ctx, f)).statuses.reduce((n, x) => n + x.count, 0);
    const before = await total({ companyId: company!.id });
    await sql`update companies set parent_id = ${company!.id} where id = ${child!.id}`.execute(db);
    await expectExact([{ companyId: company!.id }], 'after the subsidiary');
    const union = facetIndexState(db)!;
    assert.equal(union.rowSets, read.rowSets + 1, 'the union is kept');
    await expectExact([filter], 'the union again');
    assert.equal(facetIndexState(db)!.rowSetHits, union.rowSetHits + 1, 'and found the next time');
    assert.ok((await total({ companyId: company!.id })) > before, 'the subsidiary\'s projects joined');
  });

  it('keeps the row set a programme read for the next requests, within its budget', async () => {
    const db = h.database.db;
    const programmes = (await sql<{ id: string }>`select parent_project_id as id from projects where parent_project_id is not null group by 1 order by count(*) desc, 1 limit 3`.execute(db)).rows;
    assert.equal(programmes.length, 3, 'the sample has programmes');
    const filter: ProjectFilter = { parentProjectId: programmes[0]!.id, status: 'ongoing' };
    await expectExact([filter], 'first');
    const first = facetIndexState(db)!;
    assert.ok(first.rowSets >= 1 && first.rowSetBytes > 0, `the programme's set is kept (${first.rowSets} sets, ${first.rowSetBytes} bytes)`);
    await expectExact([filter, { parentProjectId: programmes[0]!.id }], 'again');
    const again = facetIndexState(db)!;
    assert.equal(again.rowSetMisses, first.rowSetMisses, 'no set read again in SQL');
    assert.equal(again.rowSetHits, first.rowSetHits + 2, 'both requests found the set kept');
    // A project moved into the programme in SQL: judged by its changed row, not by the kept set.
    await sql`update projects set parent_project_id = ${programmes[0]!.id} where id = (select id from projects where published and parent_project_id is null and id <> ${programmes[0]!.id} order by id limit 1)`.execute(db);
    await expectExact([filter, { parentProjectId: programmes[0]!.id }], 'after a project joined');

    // Within its budget: a set larger than it is not kept; else the least recently used go first.
    const saved = facetIndexSettings.rowSetBytes;
    try {
      const full = facetIndexState(db)!;
      facetIndexSettings.rowSetBytes = 1;
      await expectExact([{ parentProjectId: programmes[1]!.id }], 'a budget smaller than any set');
      assert.equal(facetIndexState(db)!.rowSets, full.rowSets, 'a set larger than the budget is not kept');
      facetIndexSettings.rowSetBytes = full.rowSetBytes;
      await expectExact([{ parentProjectId: programmes[2]!.id }], 'a budget already full');
      const kept = facetIndexState(db)!;
      assert.ok(kept.rowSetBytes <= full.rowSetBytes && kept.rowSets <= full.rowSets, `the oldest sets made room (${kept.rowSets} sets, ${kept.rowSetBytes} bytes)`);
      await facetProjects(ctx, { parentProjectId: programmes[2]!.id });
      assert.equal(facetIndexState(db)!.rowSetHits, kept.rowSetHits + 1, 'the newest set is kept');
    } finally {
      facetIndexSettings.rowSetBytes = saved;
    }
  });

  it('counts text queries exactly, from the postings of the common words chosen on a sample, before and after the texts change', async () => {
    const db = h.database.db;
    const saved = facetIndexSettings.wordSampleRows;
    facetIndexSettings.wordSampleRows = 30; // about half the sample's projects: the TABLESAMPLE reading
    try {
      await facetProjects(ctx, { q: 'airport' }); // counted in SQL while its load starts
      await facetIndexSettled(db);
    } finally {
      facetIndexSettings.wordSampleRows = saved;
    }
    const state = facetIndexState(db)!;
    assert.ok(state.commonWords > 5 && state.commonWordThreshold === 4, `common words with postings (${state.commonWords})`);
    const filters = await randomProjectFilters(db, 150, 37, { text: true, linked: true });
    const nonEmpty = await expectExact(filters, 'text');
    assert.ok(nonEmpty > 30 && nonEmpty < 150, `a mix of filters that match and that do not (${nonEmpty} of 150 match)`);
    const [a] = (await sql<{ id: string }>`select id from projects where published order by id desc limit 1`.execute(db)).rows;
    await sql`update projects set title = 'Zzqxy international airport ' || title where id = ${a!.id}`.execute(db);
    await expectExact([...filters, { q: 'zzqxy' }, { q: 'international airport', status: 'ongoing' }], 'after a title changed');

    // Words no project has are empty sets, kept like the others: they too count against the budget.
    const saved2 = facetIndexSettings.rowSetBytes;
    try {
      const start = facetIndexState(db)!;
      facetIndexSettings.rowSetBytes = 2000;
      for (let i = 0; i < 100; i++) assert.equal((await facetProjects(ctx, { q: `zzunheard${i}` })).statuses.length, 0);
      const end = facetIndexState(db)!;
      assert.ok(end.rowSetBytes <= 2000, `within the budget (${end.rowSetBytes} bytes)`);
      assert.ok(end.rowSets > 0 && end.rowSets <= 2000 / 64, `at most one set per 64 bytes of the budget (${end.rowSets} sets)`);
      assert.ok(end.rowSetMisses >= start.rowSetMisses + 100, 'each unknown word was read in SQL');
    } finally {
      facetIndexSettings.rowSetBytes = saved2;
    }
  });

  it('a filter with a member the index does not hold is counted in SQL, with the same entries', async () => {
    const filters: ProjectFilter[] = [{ q: 'terminal', status: 'ongoing' }, { countryContains: 'king', yearFrom: 2020 }, { status: 'planned', updatedSince: '2000-01-01T00:00:00Z' }];
    for (const filter of filters) {
      assert.deepEqual(await facetProjects(ctx, filter), await projectFacetsPerDimension(h.database.db, allOf(await projectConditions(ctx, filter))), JSON.stringify(filter));
    }
  });

  it('stays exact after writes through the domain and through SQL this process never sees', async () => {
    const filters = await randomProjectFilters(h.database.db, 60, 99);
    await expectExact(filters, 'before the writes');
    const versionBefore = facetIndexState(h.database.db)!.version;
    const db = h.database.db;

    // Through the domain: a new project with terms, an update of every indexed column, new terms.
    const created = await makeProject(h, { title: 'Facet index apron', iata_code: 'DXB', status: 'on_hold', value_amount: 123_456_789, value_currency: 'USD', expected_completion_year: 2031, topics: ['runways'] });
    await expectExact(filters, 'created');
    const [other] = (await sql<{ id: string }>`select id from projects where published and id <> ${created.id} order by id limit 1`.execute(db)).rows;
    await updateProject(ctx, other!.id, { status: 'cancelled', iata_code: 'SIN', value_amount: 5, value_currency: 'EUR', expected_completion_year: 2040, project_type: 'runway' });
    await expectExact(filters, 'updated');
    await setProjectTerms(ctx, created.id, { topics: [], tags: ['facet-index-tag'] });
    await expectExact(filters, 'terms replaced');
    await expectExact([{ terms: ['facet-index-tag'] }, { terms: ['facet-index-tag'], status: 'on_hold' }], 'the new tag');

    // Through SQL, as another process or a tool would write: unpublish, publish, delete, bulk update.
    await sql`update projects set published = false where id in (select id from projects where published order by id desc limit 3)`.execute(db);
    await expectExact(filters, 'unpublished');
    await sql`update projects set published = true where id in (select id from projects where not published order by id limit 2)`.execute(db);
    await expectExact(filters, 'published');
    await sql`delete from projects where id in (select id from projects where parent_project_id is null and id not in (select parent_project_id from projects where parent_project_id is not null) order by id limit 2)`.execute(db);
    await expectExact(filters, 'deleted');
    await sql`update projects set expected_completion_year = expected_completion_year + 1 where country_code = 'GB'`.execute(db);
    await expectExact(filters, 'bulk update');

    const state = facetIndexState(db)!;
    assert.ok(state.version > versionBefore, 'the index moved to the new content version');
    assert.ok(state.drift > 0, 'by catching up, not by loading again');
  });

  it('loads again when the change feed was pruned past it', async () => {
    const db = h.database.db;
    const filters = await randomProjectFilters(h.database.db, 40, 5);
    await expectExact(filters, 'before');
    const stale = facetIndexState(db)!.version;
    // A write whose change the index never reads: its feed entries pruned, the horizon moved past it.
    await sql`update projects set status = 'complete' where id in (select id from projects where published and status <> 'complete' order by id limit 5)`.execute(db);
    await sql`delete from change_log`.execute(db);
    await sql`update change_feed_horizon set version = (select version from content_version where id) where id`.execute(db);
    await expectExact(filters, 'after the pruning');
    const state = facetIndexState(db)!;
    assert.ok(state.version > stale);
    assert.equal(state.drift, 0, 'a new base, not a catch-up');
  });

  it('rebuilds its base in the background once enough rows changed, and answers exactly meanwhile and after', async () => {
    const db = h.database.db;
    const filters = await randomProjectFilters(h.database.db, 40, 23);
    const saved = facetIndexSettings.rebuildAfter;
    facetIndexSettings.rebuildAfter = 5;
    try {
      await expectExact(filters, 'before');
      await sql`update projects set value_amount = coalesce(value_amount, 0) + 1 where id in (select id from projects where published order by id limit 10)`.execute(db);
      // Ten changed projects leave 20 changed rows (tombstones and current rows) after a catch-up;
      // past the setting of 5, the request starts a rebuild (which may swap in at any time now).
      await facetProjects(ctx, { status: 'planned' });
      await expectExact(filters, 'while rebuilding');
      await facetIndexSettled(db);
      assert.equal(facetIndexState(db)!.drift, 0, 'a new base holds the changes (a catch-up alone would leave 20 changed rows)');
      await expectExact(filters, 'after the rebuild');
    } finally {
      facetIndexSettings.rebuildAfter = saved;
    }
  });
});

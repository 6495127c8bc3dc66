/**
 * Filtered project lists from the index in memory (decision 0063, src/domain/projects/list-window.ts
 * and src/domain/projects/facet-index.ts): the window the index names must be exactly the one the
 * list's own statement returns, ids and order, for random filters of every indexed member, every
 * sort and windows of several depths — before and after writes through the domain and through SQL
 * this process never sees (a title or a value that moves a project in its order, a project
 * unpublished, published or created), and in the /v1 edition's list. The prefix counts are taken
 * every 3 rows and the table read 2 pages per statement, as in test/perf/facet-index.test.ts; a
 * window of more than 8 driver rows marks its places in a bit set (decision 0066), as at a million.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { withDb } from '../../src/domain/context.js';
import { facetIndexSettled, facetIndexState, listProjects, PROJECT_SORTS, setProjectCompanies, updateProject, type ProjectFilter, type ProjectSort } from '../../src/domain/projects/index.js';
import { windowWork } from '../../src/domain/projects/facet-index.js';
import { indexWindowCounts } from '../../src/domain/projects/list-window.js';
import { projectConditions } from '../../src/domain/projects/project-conditions.js';
import { projectOrder } from '../../src/domain/projects/repository.js';
import { allOf } from '../../src/domain/shared/sql-filters.js';
import { makeProject } from '../helpers/factories.js';
import { randomProjectFilters, startIndexHarness, type IndexHarness } from '../helpers/project-filters.js';

let ix: IndexHarness;
/** A slug that names a topic and a tag (its filter is two term slots): set before the index's base is read. */
let twoSlotTerm = '';
before(async () => {
  ix = await startIndexHarness();
  const db = ix.h.database.db;
  // A rare topic of the sample (too rare for a walk of a list order to pay: its postings drive)
  // becomes a tag too, carried by every other project with the topic (so those carry both slots)
  // and by a few without it.
  const [topic] = (await sql<{ id: string; slug: string }>`
    select t.id, t.slug from topics t join project_topics x on x.topic_id = t.id group by t.id having count(*) >= 24 order by count(*), t.slug limit 1`.execute(db)).rows;
  twoSlotTerm = topic!.slug;
  const [tag] = (await sql<{ id: string }>`insert into tags (slug, name) values (${twoSlotTerm}, ${`${twoSlotTerm} (tag)`}) returning id`.execute(db)).rows;
  await sql`insert into project_tags (project_id, tag_id)
    select id, ${tag!.id}::uuid from (select p.id, row_number() over (order by p.id) as n from projects p
      where exists (select 1 from project_topics x where x.project_id = p.id and x.topic_id = ${topic!.id}::uuid)) s where n % 2 = 0
    union all
    select id, ${tag!.id}::uuid from (select p.id, row_number() over (order by p.id) as n from projects p
      where not exists (select 1 from project_topics x where x.project_id = p.id and x.topic_id = ${topic!.id}::uuid)) s where n % 29 = 0`.execute(db);
});
after(() => ix.close());

const WINDOWS = [{ limit: 1, offset: 0 }, { limit: 5, offset: 0 }, { limit: 10, offset: 3 }, { limit: 50, offset: 0 }, { limit: 7, offset: 40 }];

/** The window of `filter` in `sort` as the list's own statement reads it. */
async function reference(filter: ProjectFilter, sort: ProjectSort, window: { limit: number; offset: number }): Promise<string[]> {
  const where = allOf(await projectConditions(ix.ctx, filter));
  const { rows } = await sql<{ id: string }>`select p.id from projects p where ${where} order by ${projectOrder(sort, undefined)} limit ${window.limit} offset ${window.offset}`.execute(ix.h.database.db);
  return rows.map((r) => r.id);
}

/** Every order and the word postings loaded: a first list of each sort starts its load (and is read in SQL meanwhile). */
async function loadOrders(): Promise<void> {
  for (const sort of PROJECT_SORTS) await listProjects(ix.ctx, { status: 'ongoing' }, sort, { limit: 1, offset: 0, counted: false });
  // And the postings of the common words: the first text query starts their load.
  await listProjects(ix.ctx, { q: 'airport' }, 'title_asc', { limit: 1, offset: 0, counted: false });
  await facetIndexSettled(ix.h.database.db);
}

/**
 * Asserts the list's window equals the reference for each filter, under a sort and a window drawn
 * in turn; returns how many windows held a row, and how many the index answered.
 */
async function expectExact(filters: ProjectFilter[], step: string): Promise<{ nonEmpty: number; fromIndex: number }> {
  let nonEmpty = 0;
  const before = { ...indexWindowCounts };
  for (const [n, filter] of filters.entries()) {
    const sort = PROJECT_SORTS[n % PROJECT_SORTS.length]!;
    const window = WINDOWS[Math.floor(n / PROJECT_SORTS.length) % WINDOWS.length]!;
    const want = await reference(filter, sort, window);
    const got = await listProjects(ix.ctx, filter, sort, { ...window, counted: false });
    assert.deepEqual(got.items.map((p) => p.id), want, `${step}: ${JSON.stringify(filter)} ${sort} ${JSON.stringify(window)}`);
    if (want.length > 0) nonEmpty++;
  }
  assert.equal(indexWindowCounts.rechecked, before.rechecked, `${step}: no window the index named was short in SQL`);
  return { nonEmpty, fromIndex: indexWindowCounts.answered - before.answered };
}

describe('project lists from the index in memory', () => {
  it('reads the order of a sort in the background, answering in SQL meanwhile, then from the index', async () => {
    const first = await listProjects(ix.ctx, { status: 'ongoing' }, 'value_desc', { limit: 5, offset: 0, counted: false });
    assert.deepEqual(first.items.map((p) => p.id), await reference({ status: 'ongoing' }, 'value_desc', { limit: 5, offset: 0 }));
    assert.equal(indexWindowCounts.answered, 0, 'the first list of a sort is read in SQL');
    await facetIndexSettled(ix.h.database.db);
    assert.deepEqual(facetIndexState(ix.h.database.db)!.listOrders, ['value_desc']);
    const { fromIndex } = await expectExact([{ status: 'ongoing' }], 'the order loaded');
    assert.equal(fromIndex, 0, 'sort title_asc (the first of the draw) has no order yet');
    await listProjects(ix.ctx, { status: 'ongoing' }, 'value_desc', { limit: 5, offset: 0, counted: false });
    assert.equal(indexWindowCounts.answered, 1);
  });

  it('answers 350 random filters under every sort and window exactly as the list statement does', async () => {
    await loadOrders();
    const state = facetIndexState(ix.h.database.db)!;
    assert.deepEqual(state.listOrders, [...PROJECT_SORTS].sort());
    assert.equal(state.listOrderBytes, PROJECT_SORTS.length * (8 * state.baseRows + 48 * Math.ceil(state.baseRows / 4)),
      'each order: 4 bytes a row for its rows and 4 for their places, and 48 a zone of 4 places for its bounds');
    const filters = await randomProjectFilters(ix.h.database.db, 350, 41);
    const { nonEmpty, fromIndex } = await expectExact(filters, 'sample');
    assert.ok(nonEmpty > 80 && nonEmpty < 350, `a mix of windows with rows and without (${nonEmpty} of 350)`);
    assert.equal(fromIndex, 350, 'every window came from the index');
  });

  it('answers a term that is a topic and a tag (its postings hold some rows twice), alone and with common and rare other members, exactly', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    const carried = (await sql<{ n: number }>`select count(*)::int as n from projects where published and term_ids && (select array_agg(id) from (select id from topics where slug = ${twoSlotTerm} union all select id from tags where slug = ${twoSlotTerm}) t)`.execute(db)).rows[0]!.n;
    const both = (await sql<{ n: number }>`select count(*)::int as n from projects p where published
      and exists (select 1 from project_topics x join topics t on t.id = x.topic_id where x.project_id = p.id and t.slug = ${twoSlotTerm})
      and exists (select 1 from project_tags x join tags t on t.id = x.tag_id where x.project_id = p.id and t.slug = ${twoSlotTerm})`.execute(db)).rows[0]!.n;
    assert.ok(both > 10 && carried > both, `projects with both slots (${both}) and with one (${carried - both})`);
    // Every status, type and country of the sample with the term: from a company of the commonest
    // (the window fills on a walk) to combinations that match nothing (no walk pays).
    const values = async (column: string) => (await sql<{ v: string }>`select distinct ${sql.ref(column)}::text as v from projects where ${sql.ref(column)} is not null order by 1`.execute(db)).rows.map((r) => r.v);
    const filters: ProjectFilter[] = [
      { terms: [twoSlotTerm] },
      ...(await values('status')).map((status) => ({ terms: [twoSlotTerm], status }) as ProjectFilter),
      ...(await values('project_type_slug')).map((type) => ({ terms: [twoSlotTerm], type })),
      ...(await values('country_code')).slice(0, 12).map((country) => ({ terms: [twoSlotTerm], country })),
      { terms: [twoSlotTerm], yearFrom: 2030 },
      { terms: [twoSlotTerm, twoSlotTerm] },
    ];
    // The filters again and again, under the sorts and windows expectExact turns through.
    const all = PROJECT_SORTS.flatMap(() => WINDOWS.flatMap(() => filters));
    const { nonEmpty, fromIndex } = await expectExact(all, 'a topic and a tag');
    assert.equal(fromIndex, all.length, 'every window came from the index');
    assert.ok(nonEmpty > all.length / 4 && nonEmpty < all.length, `windows with rows and without (${nonEmpty} of ${all.length})`);
  });

  it('walks a range of the column a list is sorted by from the zones where it stands, exactly, testing one zone for a first row', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    const years = (await sql<{ v: number }>`select distinct expected_completion_year as v from projects where published and expected_completion_year is not null order by 1`.execute(db)).rows.map((r) => r.v);
    const usd = (await sql<{ v: string }>`select value_usd::text as v from projects where published and value_usd is not null order by value_usd`.execute(db)).rows.map((r) => Number(r.v));
    const amounts = (await sql<{ v: string }>`select value_amount::text as v from projects where published and value_amount is not null order by value_amount`.execute(db)).rows.map((r) => Number(r.v));
    assert.ok(years.length >= 6 && usd.length >= 20, `the sample has years (${years.length}) and values (${usd.length}) to cut`);
    const topics = (await sql<{ v: string }>`select t.slug as v from topics t join project_topics x on x.topic_id = t.id group by t.slug order by count(*) desc, t.slug limit 2`.execute(db)).rows.map((r) => r.v);
    // Cuts away from the ends: the matches of the range stand after (or before) many rows of the order.
    const middle = <T>(xs: T[]) => xs.slice(Math.floor(xs.length / 4), Math.ceil((xs.length * 3) / 4));
    const cuts: [ProjectFilter, ProjectSort][] = [
      ...middle(years).flatMap((y): [ProjectFilter, ProjectSort][] => [[{ yearFrom: y }, 'year_asc'], [{ yearTo: y }, 'year_desc'], [{ yearFrom: y, yearTo: y }, 'year_asc']]),
      ...middle(usd).filter((_, n) => n % 3 === 0).flatMap((u): [ProjectFilter, ProjectSort][] => [[{ minValueUsd: u }, 'value_asc']]),
    ];
    // Exact first rows, each found within the first zone of 4 places that can hold a match (that
    // zone's bound is a match); without zones a walk from the top, or the range's rows, are tested.
    let tested = 0;
    for (const [filter, sort] of cuts) {
      const before = windowWork.tested;
      const got = await listProjects(ix.ctx, filter, sort, { limit: 1, offset: 0, counted: false });
      assert.deepEqual(got.items.map((p) => p.id), await reference(filter, sort, { limit: 1, offset: 0 }), `${JSON.stringify(filter)} ${sort}`);
      assert.equal(got.items.length, 1, `${JSON.stringify(filter)} matches`);
      tested += windowWork.tested - before;
    }
    assert.ok(tested <= 4 * cuts.length, `${tested} rows tested for ${cuts.length} first rows`);
    // Deeper windows, with other members, and a bound on the amount under the USD sorts (a column
    // the order is not sorted by, its zones only as tight as the currencies make them): exact.
    const deeper: ProjectFilter[] = [
      ...middle(years).map((y) => ({ yearFrom: y, status: 'ongoing' }) as ProjectFilter),
      ...middle(years).map((y) => ({ yearTo: y, type: 'terminal' })),
      ...middle(amounts).filter((_, n) => n % 4 === 0).map((a) => ({ maxAmount: a })),
      ...middle(amounts).filter((_, n) => n % 4 === 0).map((a) => ({ minAmount: a, yearFrom: years[1]! })),
      ...middle(usd).filter((_, n) => n % 4 === 0).map((u) => ({ minValueUsd: u, region: 'europe' })),
      // One term and a range: the pair orders of the terms drive (decision 0068).
      ...topics.flatMap((t) => middle(years).map((y) => ({ terms: [t], yearFrom: y }) as ProjectFilter)),
      ...topics.flatMap((t) => middle(amounts).filter((_, n) => n % 6 === 0).map((a) => ({ terms: [t], maxAmount: a }))),
    ];
    const all = PROJECT_SORTS.flatMap(() => WINDOWS.flatMap(() => deeper));
    const { fromIndex, nonEmpty } = await expectExact(all, 'ranges');
    assert.equal(fromIndex, all.length, 'every window came from the index');
    assert.ok(nonEmpty > all.length / 3, `windows with rows (${nonEmpty} of ${all.length})`);
  });

  it('a filter with a member the index does not hold, a deep window or a relevance order is read in SQL, with the same rows', async () => {
    await loadOrders();
    const before = indexWindowCounts.answered;
    const got = await listProjects(ix.ctx, { q: '"international airport"', status: 'ongoing' }, 'value_desc', { limit: 5, offset: 0, counted: false });
    assert.deepEqual(got.items.map((p) => p.id), await reference({ q: '"international airport"', status: 'ongoing' }, 'value_desc', { limit: 5, offset: 0 }));
    assert.ok(got.items.length > 0, 'a phrase the sample has');
    const deep = await listProjects(ix.ctx, { status: 'ongoing' }, 'title_asc', { limit: 10, offset: 995, counted: false });
    assert.deepEqual(deep.items.map((p) => p.id), await reference({ status: 'ongoing' }, 'title_asc', { limit: 10, offset: 995 }));
    assert.equal(indexWindowCounts.answered, before);
    const relevance = await listProjects(ix.ctx, { status: 'ongoing' }, 'relevance', { limit: 5, offset: 0, counted: false });
    assert.deepEqual(relevance.items.map((p) => p.id), await reference({ status: 'ongoing' }, 'title_asc', { limit: 5, offset: 0 }));
    assert.equal(indexWindowCounts.answered, before + 1, 'relevance without q is the title order, from the index');
  });

  it('resolves a company, a region and a term once for a window from the index, and builds the SQL conditions only when a changed project needs them', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    // Every statement the list sends, as compiled (raw `sql` ones included).
    const sent: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        sent.push(JSON.stringify(node));
        return node as RootOperationNode;
      },
      transformResult: async ({ result }) => result,
    };
    const ctx = withDb(ix.ctx, db.withPlugin(recorder));
    // A company, region and topic of one published project: the filter matches it at least.
    const [one] = (await sql<{ company: string; region: string; term: string }>`
      select pc.company_id as company, p.region_slug as region, t.slug as term
        from projects p join project_companies pc on pc.project_id = p.id join project_topics x on x.project_id = p.id join topics t on t.id = x.topic_id
       where p.published and p.region_slug is not null order by p.id, pc.company_id, t.slug limit 1`.execute(db)).rows;
    const filter: ProjectFilter = { companyId: one!.company, region: one!.region, terms: [one!.term] };
    const lookups = () => ({
      company: sent.filter((q) => q.includes('with recursive same')).length,
      region: sent.filter((q) => q.includes('from regions where slug')).length,
      term: sent.filter((q) => q.includes('select id from (')).length,
    });
    await listProjects(ctx, filter, 'title_asc', { limit: 50, offset: 0, counted: false }); // keeps the company's set
    const answered = indexWindowCounts.answered;
    sent.length = 0;
    const got = await listProjects(ctx, filter, 'title_asc', { limit: 50, offset: 0, counted: false });
    assert.equal(indexWindowCounts.answered, answered + 1, 'the window came from the index');
    assert.deepEqual(got.items.map((p) => p.id), await reference(filter, 'title_asc', { limit: 50, offset: 0 }));
    assert.ok(got.items.length > 0);
    // (This test runs before those that write: no project changed since the base is a candidate.)
    assert.deepEqual(lookups(), { company: 1, region: 1, term: 1 }, 'each resolved once, for the index only');
    // A changed project that matches: its candidates are checked by the list's conditions in SQL.
    const first = got.items[0]!.id;
    await sql`update projects set title = title || ' ' where id = ${first}`.execute(db);
    sent.length = 0;
    const again = await listProjects(ctx, filter, 'title_asc', { limit: 50, offset: 0, counted: false });
    assert.deepEqual(again.items.map((p) => p.id), await reference(filter, 'title_asc', { limit: 50, offset: 0 }));
    assert.deepEqual(lookups(), { company: 2, region: 2, term: 2 }, 'once for the index, once for the conditions');
  });

  it('stays exact after writes that move, hide, show and add projects, seen or not by this process', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    const filters = await randomProjectFilters(db, 140, 7);
    await expectExact(filters, 'before the writes');
    const [a, b] = (await sql<{ id: string }>`select id from projects where published and status = 'ongoing' order by title desc, id limit 2`.execute(db)).rows;
    // Through the domain: the last of the title order moves to the front of the title and value orders.
    await updateProject(ix.ctx, a!.id, { title: '0001 First by title', value_amount: 9_000_000_000, value_currency: 'USD' });
    await makeProject(ix.h, { title: '0002 New project', iata_code: 'DXB', status: 'ongoing', value_amount: 8_000_000_000, value_currency: 'USD', expected_completion_year: 2031 });
    // Through SQL: a title moved, projects hidden and shown, a bulk change of years.
    await sql`update projects set title = 'zzz Last by title' where id = ${b!.id}`.execute(db);
    await sql`update projects set published = false where id in (select id from projects where published order by value_usd desc nulls last, title, id limit 3)`.execute(db);
    await sql`update projects set published = true where id in (select id from projects where not published order by id limit 2)`.execute(db);
    await sql`update projects set expected_completion_year = expected_completion_year - 5 where country_code = 'GB'`.execute(db);
    const { fromIndex } = await expectExact(filters, 'after the writes');
    assert.equal(fromIndex, 140, 'every window still from the index, with the changed projects among the candidates');
    const top = await listProjects(ix.ctx, { status: 'ongoing' }, 'title_asc', { limit: 2, offset: 0, counted: false });
    assert.deepEqual(top.items.map((p) => p.title), ['0001 First by title', '0002 New project']);
    assert.ok(facetIndexState(db)!.drift > 0, 'the changes are the extra rows, not a new base');
  });

  it('answers filters with a company from the index, the projects it allows read in SQL, and those with a programme or an article in SQL, exactly, before and after the links change', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    const filters = await randomProjectFilters(db, 210, 43, { linked: true });
    // A programme's or an article's few projects are read in SQL (list-window.ts); a company's from the index.
    const inSql = filters.filter((f) => f.parentProjectId || f.articleId).length;
    assert.ok(inSql > 50 && inSql < 190, `both kinds drawn (${inSql} with a programme or an article)`);
    const before = await expectExact(filters, 'linked');
    assert.ok(before.nonEmpty > 40 && before.nonEmpty < 210, `a mix of windows with rows and without (${before.nonEmpty} of 210)`);
    assert.equal(before.fromIndex, 210 - inSql, 'every window with a company came from the index');
    // The links change through the domain and through SQL; the projects themselves do not.
    const [company] = (await sql<{ id: string }>`select company_id as id from project_companies group by 1 order by count(*) desc, 1 limit 1`.execute(db)).rows;
    const [unlinked] = (await sql<{ id: string }>`select id from projects where published and id not in (select project_id from project_companies) order by id limit 1`.execute(db)).rows;
    await setProjectCompanies(ix.ctx, unlinked!.id, { companies: [{ id: company!.id }] });
    await sql`delete from project_companies where (project_id, company_id) in (select project_id, company_id from project_companies where company_id = ${company!.id} order by project_id limit 2)`.execute(db);
    await sql`update projects set parent_project_id = (select parent_project_id from projects where parent_project_id is not null order by id limit 1) where id in (select id from projects where published and parent_project_id is null order by id limit 3)`.execute(db);
    await sql`delete from article_projects where (article_id, project_id) in (select article_id, project_id from article_projects order by 1, 2 limit 3)`.execute(db);
    const after = await expectExact([...filters, { companyId: company!.id }, { companyId: company!.id, status: 'ongoing' }], 'after the links changed');
    assert.equal(after.fromIndex, 212 - inSql, 'every window with a company still from the index');
  });

  it('answers text queries from the postings of the common words, the rarer words read in SQL, exactly, before and after the texts change', async () => {
    await loadOrders();
    const db = ix.h.database.db;
    const state = facetIndexState(db)!;
    assert.equal(state.commonWordThreshold, 4);
    assert.ok(state.commonWords > 10 && state.wordPostingBytes > state.commonWords * 16, `common words with postings (${state.commonWords})`);
    const filters = await randomProjectFilters(db, 210, 47, { text: true });
    const leftToSql = filters.filter((f) => /"| or | -/.test(f.q ?? '')).length;
    const before = await expectExact(filters, 'text');
    assert.ok(before.nonEmpty > 40 && before.nonEmpty < 210, `a mix of windows with rows and without (${before.nonEmpty} of 210)`);
    assert.ok(leftToSql > 10 && leftToSql < 60, `some phrases, alternatives and negations (${leftToSql})`);
    assert.equal(before.fromIndex, 210 - leftToSql, 'every other window came from the index');
    // Texts change through the domain and through SQL: common words gained and lost.
    const [a, b] = (await sql<{ id: string }>`select id from projects where published order by id limit 2`.execute(db)).rows;
    await updateProject(ix.ctx, a!.id, { title: 'Zzqxy apron works' });
    await sql`update projects set title = 'International airport terminal ' || title where id = ${b!.id}`.execute(db);
    await makeProject(ix.h, { title: 'Terminal and runway renewal', iata_code: 'SIN', status: 'planned' });
    const after = await expectExact([...filters, { q: 'zzqxy' }, { q: 'terminal runway', status: 'planned' }], 'after the texts changed');
    assert.equal(after.fromIndex, 212 - leftToSql, 'every other window still from the index');
  });

  it('serves GET /v1/projects with a filter from the index, as its statement would', async () => {
    await loadOrders();
    const before = indexWindowCounts.answered;
    const res = await ix.h.app.inject({ method: 'GET', url: '/v1/projects?status=ongoing&min_value=1&sort=value_desc&limit=3', headers: ix.pro.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    const ids = (res.json() as { projects: { id: string }[] }).projects.map((p) => p.id);
    assert.deepEqual(ids, await reference({ status: 'ongoing', minAmount: 1 }, 'value_desc', { limit: 3, offset: 0 }));
    assert.equal(ids.length, 3);
    assert.equal(indexWindowCounts.answered, before + 1);
    assert.equal(indexWindowCounts.rechecked, 0);
    // A write acknowledged before the next request is in its answer: the index is brought up to
    // the content version that request read at its start (Ctx.contentVersion), not an older one.
    const [moved] = (await sql<{ id: string }>`select id from projects where published and status = 'ongoing' and id <> all(${ids}::uuid[]) order by id limit 1`.execute(ix.h.database.db)).rows;
    await sql`update projects set value_amount = 9000000000000, value_currency = 'USD', value_usd = 9000000000000 where id = ${moved!.id}`.execute(ix.h.database.db);
    const again = await ix.h.app.inject({ method: 'GET', url: '/v1/projects?status=ongoing&min_value=1&sort=value_desc&limit=3', headers: ix.pro.keyAuth });
    const now = (again.json() as { projects: { id: string }[] }).projects.map((p) => p.id);
    assert.deepEqual(now, [moved!.id, ...ids.slice(0, 2)]);
    assert.deepEqual(now, await reference({ status: 'ongoing', minAmount: 1 }, 'value_desc', { limit: 3, offset: 0 }));
    assert.equal(indexWindowCounts.answered, before + 2, 'from the index, the changed project among its candidates');
  });
});

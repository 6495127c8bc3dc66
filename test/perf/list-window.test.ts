/**
 * Filtered project lists at scale (issue 31, decision 0059):
 * - `projects.term_ids` (migration 0028) is always the sorted ids of the project's topic and tag
 *   links, after the admin API's writes and after SQL that other tools might run (links inserted,
 *   moved and deleted, a tag deleted by cascade, two writers of one project at once, two tags
 *   deleted at once), and the
 *   migration's backfill writes what the triggers write; the change feed never names it;
 * - the `terms` and `topic` filters read through it and still match a slug or a name;
 * - a window read with the filter first holds the same ids as the planner's reading, for every sort;
 * - when the planner's reading outlives its budget, the filter-first reading answers (PostgreSQL;
 *   PGlite cannot enforce a budget, so there the first reading runs to its end); the budget grows
 *   with the readings in flight, and the count of them comes back to zero, after errors too;
 * - the value sorts' indexes carry the column filters (migration 0029).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql, type SqlBool } from 'kysely';
import { projectParamsToFilter, PROJECT_SORTS, type ProjectParams } from '../../src/domain/projects/index.js';
import { projectWindowIds, windowBudgetMs, windowReadsInFlight, WINDOW_BUDGETS } from '../../src/domain/projects/list-window.js';
import { projectConditions } from '../../src/domain/projects/project-conditions.js';
import { projectOrder } from '../../src/domain/projects/repository.js';
import { allOf } from '../../src/domain/shared/sql-filters.js';
import { adminCtx } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { projectsWithStaleTermIds } from '../helpers/term-ids.js';
import { call } from '../v1-admin/helpers.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

/** The sorted topic and tag ids of project `id`, read from the link tables. */
async function linkedIds(id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select topic_id as id from project_topics where project_id = ${id}::uuid
    union all select tag_id from project_tags where project_id = ${id}::uuid`.execute(h.database.db);
  return rows.map((r) => r.id).sort();
}
const termIdsOf = async (id: string): Promise<string[]> =>
  (await sql<{ term_ids: string[] }>`select term_ids from projects where id = ${id}::uuid`.execute(h.database.db)).rows[0]!.term_ids;

/** The projects whose `term_ids` differ from their links now; asserts there is none. */
async function expectInSync(step: string): Promise<void> {
  assert.deepEqual(await projectsWithStaleTermIds(h.database.db), [], `${step}: projects whose term_ids are not their links`);
}

const termId = async (vocabulary: 'topics' | 'tags', slug: string): Promise<string> =>
  (await sql<{ id: string }>`select id from ${sql.table(vocabulary)} where slug = ${slug}`.execute(h.database.db)).rows[0]!.id;

describe('projects.term_ids', () => {
  it('holds the sorted topic and tag ids of every sample project', async () => {
    await expectInSync('sample');
    const { rows } = await sql<{ id: string }>`select id from projects where cardinality(term_ids) > 1 order by id limit 1`.execute(h.database.db);
    assert.ok(rows[0], 'a sample project has several terms');
    const ids = await termIdsOf(rows[0].id);
    assert.deepEqual(ids, await linkedIds(rows[0].id));
    assert.deepEqual(ids, [...ids].sort(), 'sorted');
  });

  it('follows the admin API: create with terms, term replacement, an update of other fields, delete', async () => {
    const created = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'Term copy', iata_code: 'LHR', topics: ['runways'], tags: ['term-copy-one'] });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    assert.deepEqual(await termIdsOf(id), [await termId('topics', 'runways'), await termId('tags', 'term-copy-one')].sort());

    const replaced = await call(h, admin, 'PUT', `/v1/admin/projects/${id}/terms`, { topics: ['terminals', 'sustainability'], tags: [] });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.deepEqual(await termIdsOf(id), [await termId('topics', 'terminals'), await termId('topics', 'sustainability')].sort());

    assert.equal((await call(h, admin, 'PATCH', `/v1/admin/projects/${id}`, { title: 'Term copy, renamed', status: 'complete' })).statusCode, 200);
    assert.deepEqual(await termIdsOf(id), [await termId('topics', 'terminals'), await termId('topics', 'sustainability')].sort());
    await expectInSync('after the API writes');

    assert.equal((await call(h, admin, 'DELETE', `/v1/admin/projects/${id}`)).statusCode, 200);
    await expectInSync('after the delete');
  });

  it('follows SQL: links inserted, moved, deleted, a tag deleted by cascade, two writers of one project', async () => {
    const db = h.database.db;
    const [a, b] = (await sql<{ id: string }>`select id from projects order by id limit 2`.execute(db)).rows.map((r) => r.id);
    assert.ok(a && b);
    const free = async (project: string) => (await sql<{ id: string }>`select t.id from tags t
      where not exists (select 1 from project_tags x where x.project_id = ${project}::uuid and x.tag_id = t.id) order by t.slug`.execute(db)).rows.map((r) => r.id);
    const [t1, t2, t3] = await free(a!);
    assert.ok(t1 && t2 && t3, 'the sample has tags a project lacks');
    await sql`insert into project_tags (project_id, tag_id) values (${a}::uuid, ${t1}::uuid), (${a}::uuid, ${t2}::uuid)`.execute(db);
    assert.ok((await termIdsOf(a!)).includes(t1!) && (await termIdsOf(a!)).includes(t2!));
    await expectInSync('two links inserted');

    if (!(await free(b!)).includes(t1!)) await sql`delete from project_tags where project_id = ${b}::uuid and tag_id = ${t1}::uuid`.execute(db);
    await sql`update project_tags set project_id = ${b}::uuid where project_id = ${a}::uuid and tag_id = ${t1}::uuid`.execute(db);
    assert.ok(!(await termIdsOf(a!)).includes(t1!), 'gone from the project it left');
    assert.ok((await termIdsOf(b!)).includes(t1!), 'on the project it moved to');
    await expectInSync('a link moved to another project');

    await sql`delete from project_tags where project_id = ${a}::uuid and tag_id = ${t2}::uuid`.execute(db);
    assert.ok(!(await termIdsOf(a!)).includes(t2!));
    await sql`delete from tags where id = ${t1}::uuid`.execute(db);
    assert.ok(!(await termIdsOf(b!)).includes(t1!));
    await expectInSync('a link deleted, a tag deleted with its links');

    // Two transactions link a tag each to one project at once: both land, neither deadlocks.
    await Promise.all([t2, t3].map((tag) => db.transaction().execute(async (trx) => {
      await sql`insert into project_tags (project_id, tag_id) values (${a}::uuid, ${tag}::uuid)`.execute(trx);
    })));
    const ids = await termIdsOf(a!);
    assert.ok(ids.includes(t2!) && ids.includes(t3!), 'both concurrent links are in term_ids');
    await expectInSync('two concurrent writers');

    // Two tags that share projects, deleted at once: each cascade rewrites the shared projects (the
    // triggers lock them in id order, so the two wait for each other rather than deadlock).
    const pair = (await sql<{ x: string; y: string }>`select a.tag_id as x, b.tag_id as y from project_tags a join project_tags b on b.project_id = a.project_id and b.tag_id > a.tag_id
      group by 1, 2 having count(*) >= 2 order by count(*) desc, 1, 2 limit 1`.execute(db)).rows[0];
    assert.ok(pair, 'the sample has two tags on two projects at least');
    await Promise.all([pair.x, pair.y].map((tag) => db.transaction().execute(async (trx) => {
      await sql`delete from tags where id = ${tag}::uuid`.execute(trx);
    })));
    await expectInSync('two tags deleted at once');
  });

  it('stays out of the change feed: a change of terms is reported as topics or tags', async () => {
    const created = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'Term feed', iata_code: 'CDG', topics: ['runways'] });
    const id = created.json().id as string;
    assert.equal((await call(h, admin, 'PUT', `/v1/admin/projects/${id}/terms`, { tags: ['term-feed-tag'] })).statusCode, 200);
    const { rows } = await sql<{ changed_fields: string[] }>`select changed_fields from change_log where entity_id = ${id}::uuid and op = 'updated'`.execute(h.database.db);
    const fields = rows.flatMap((r) => r.changed_fields);
    assert.ok(fields.includes('tags'), `the feed names the tags: ${fields.join(', ')}`);
    assert.ok(!fields.includes('term_ids'), `the feed never names term_ids: ${fields.join(', ')}`);
  });

  it("the migration's backfill writes what the triggers write", async () => {
    const migration = fs.readFileSync(new URL('../../src/db/migrations/0028_project_term_ids.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The backfill'), migration.indexOf('create index projects_pub_terms_idx'));
    assert.match(backfill, /update projects p set term_ids/);
    const db = h.database.db;
    const want = (await sql<{ id: string; term_ids: string[] }>`select id, term_ids from projects order by id`.execute(db)).rows;
    assert.ok(want.filter((r) => r.term_ids.length > 0).length > 10);
    await sql`alter table projects disable trigger user`.execute(db);
    await sql`update projects set term_ids = '{}'`.execute(db);
    await sql`alter table projects enable trigger user`.execute(db);
    // Statement by statement: PGlite prepares each query, and a prepared statement holds one command.
    for (const statement of backfill.split(/;\s*\n/).map((x) => x.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)) await sql.raw(statement).execute(db);
    assert.deepEqual((await sql<{ id: string; term_ids: string[] }>`select id, term_ids from projects order by id`.execute(db)).rows, want);
  });
});

describe('the terms and topic filters over term_ids', () => {
  const list = async (query: string) => {
    const res = await h.app.inject({ method: 'GET', url: `/v1/projects?${query}&limit=200`, headers: pro.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { projects: { id: string }[] }).projects.map((p) => p.id).sort();
  };
  /** The published projects linked to a term whose slug or name is `value`, from the link tables. */
  const linked = async (value: string, vocabularies: ('topic' | 'tag')[]) => {
    const parts = vocabularies.map((v) => sql`select x.project_id from ${sql.table(`project_${v}s`)} x join ${sql.table(`${v}s`)} t on t.id = ${sql.ref(`x.${v}_id`)}
      where t.slug = ${value.toLowerCase()} or lower(t.name) = ${value.toLowerCase()}`);
    const { rows } = await sql<{ id: string }>`select p.id from projects p where p.published and p.id in (${sql.join(parts, sql` union `)})`.execute(h.database.db);
    return rows.map((r) => r.id).sort();
  };

  it('match a slug or a name of a topic or a tag; an unknown term matches nothing', async () => {
    const topic = (await sql<{ slug: string; name: string }>`select slug, name from topics t where exists (select 1 from project_topics x where x.topic_id = t.id) order by slug limit 1`.execute(h.database.db)).rows[0]!;
    const want = await linked(topic.slug, ['topic', 'tag']);
    assert.ok(want.length > 0 && want.length < 200);
    assert.deepEqual(await list(`terms=${topic.slug}`), want);
    assert.deepEqual(await list(`terms=${encodeURIComponent(topic.name.toUpperCase())}`), want, 'a name, in any case');
    const byTopic = await h.app.inject({ method: 'GET', url: `/api/v1/projects?topic=${encodeURIComponent(topic.name)}&limit=100`, headers: pro.keyAuth });
    assert.equal(byTopic.statusCode, 200, byTopic.body);
    const topicPage = byTopic.json() as { data: { id: string }[]; meta: { total: number } };
    assert.deepEqual(topicPage.data.map((p) => p.id).sort(), await linked(topic.slug, ['topic']), 'the /api/v1 topic filter, by name');
    assert.equal(topicPage.meta.total, topicPage.data.length);
    assert.deepEqual(await list('terms=no-such-term-anywhere'), []);
    const tag = (await sql<{ slug: string }>`select slug from tags t where exists (select 1 from project_tags x where x.tag_id = t.id) order by slug limit 1`.execute(h.database.db)).rows[0]!;
    const tagged = await linked(tag.slug, ['topic', 'tag']);
    assert.deepEqual(await list(`terms=${topic.slug},${tag.slug}`), want.filter((id) => tagged.includes(id)), 'two terms: both');
  });
});

describe('the value sorts\' indexes (migration 0029)', () => {
  it('carry the stated amount and the other column filters, so a bounded value list is walked in the index alone', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where tablename = 'projects' and indexname in ('projects_pub_value_desc_idx', 'projects_pub_value_asc_idx') order by indexname`.execute(h.database.db);
    assert.deepEqual(rows.map((r) => r.indexname), ['projects_pub_value_asc_idx', 'projects_pub_value_desc_idx']);
    for (const r of rows) {
      assert.match(r.indexdef, /INCLUDE \(value_amount, expected_completion_year, status, country_code, region_slug, project_type_slug\) WHERE published/, r.indexname);
    }
    // Their order is still the sort's: the first page by value, highest first, under a bound.
    const res = await h.app.inject({ method: 'GET', url: '/v1/projects?max_value=500000000&sort=value_desc&limit=10', headers: pro.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    const page = (res.json() as { projects: { id: string; value_usd: number | null; value_amount: number | null }[] }).projects;
    const want = (await sql<{ id: string }>`select id from projects where published and value_amount <= 500000000
      order by value_usd desc nulls last, title, id limit 10`.execute(h.database.db)).rows.map((r) => r.id);
    assert.ok(want.length > 0);
    assert.deepEqual(page.map((p) => p.id), want);
  });
});

describe('a filtered list window, planned or filter-first', () => {
  const FILTERS: Partial<ProjectParams>[] = [
    { terms: 'runways' }, { status: 'ongoing' }, { country: 'GB' }, { region: 'europe', status: 'planned' },
    { q: 'terminal' }, { min_value: 100_000_000 }, { max_value: 500_000_000, year_from: 2025 }, { terms: 'terminals,sustainability' },
  ];

  it('holds the same ids either way, for every sort and a second page', async () => {
    const ctx = await adminCtx(h);
    let nonEmpty = 0;
    for (const params of FILTERS) {
      const filter = projectParamsToFilter(params as ProjectParams);
      const where = allOf(await projectConditions(ctx, filter));
      for (const sort of PROJECT_SORTS) {
        for (const offset of [0, 3]) {
          const window = { limit: 5, offset };
          const planned = await projectWindowIds(ctx, where, projectOrder(sort, filter.q), window, { filtered: false });
          const first = await projectWindowIds(ctx, where, projectOrder(sort, filter.q), window, { filtered: true, budgets: { plannedMs: 0, crowdedMs: 0 } });
          assert.equal(planned.reading, 'planned');
          assert.equal(first.reading, 'filter_first');
          assert.deepEqual(first.ids, planned.ids, `${JSON.stringify(params)} sort=${sort} offset=${offset}`);
          if (planned.ids.length > 0) nonEmpty++;
        }
      }
    }
    assert.ok(nonEmpty > FILTERS.length * PROJECT_SORTS.length, `most windows hold projects (${nonEmpty})`);
  });

  it('is the window GET /v1/projects answers', async () => {
    const ctx = await adminCtx(h);
    const filter = projectParamsToFilter({ status: 'ongoing' } as ProjectParams);
    const where = allOf(await projectConditions(ctx, filter));
    const first = await projectWindowIds(ctx, where, projectOrder('value_desc', undefined), { limit: 4, offset: 2 }, { filtered: true, budgets: { plannedMs: 0, crowdedMs: 0 } });
    const res = await h.app.inject({ method: 'GET', url: '/v1/projects?status=ongoing&sort=value_desc&limit=4&offset=2', headers: pro.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(first.ids.length, 4);
    assert.deepEqual((res.json() as { projects: { id: string }[] }).projects.map((p) => p.id), first.ids);
  });

  it('falls back to the filter first when the planned reading outlives its budget (PostgreSQL; PGlite runs it to its end)', async () => {
    const ctx = await adminCtx(h);
    // A condition that takes 300 ms once per statement, whichever reading runs it.
    const slow = sql<SqlBool>`(select true from pg_sleep(0.3))`;
    const where = allOf([...(await projectConditions(ctx, projectParamsToFilter({ status: 'ongoing' } as ProjectParams))), slow]);
    const order = projectOrder('title_asc', undefined);
    const want = await projectWindowIds(ctx, where, order, { limit: 5, offset: 0 }, { filtered: false });
    assert.equal(want.ids.length, 5);
    const got = await projectWindowIds(ctx, where, order, { limit: 5, offset: 0 }, { filtered: true, budgets: { plannedMs: 50, crowdedMs: 50 } });
    assert.equal(got.reading, process.env.TEST_DATABASE_URL ? 'filter_first' : 'planned');
    assert.deepEqual(got.ids, want.ids);
    // The budgets were local to their savepoints: the service's own timeout is back.
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(h.database.db);
    assert.notEqual(rows[0]!.statement_timeout, '50ms');
  });

  it('gives a reading more time while others are in flight: the budget grows with them, up to its ceiling', async () => {
    assert.deepEqual([1, 2, 5, 6, 50].map((n) => windowBudgetMs(WINDOW_BUDGETS, n)), [40, 80, 200, 200, 200]);
    assert.equal(windowBudgetMs({ plannedMs: 0, crowdedMs: 200 }, 8), 0, 'no planned reading stays none');
    assert.equal(windowBudgetMs({ plannedMs: 50, crowdedMs: 10 }, 3), 50, 'the ceiling is never under the budget alone');

    const ctx = await adminCtx(h);
    // 250 ms once per statement: more than the first two budgets (100, 200 ms), less than the last ones.
    const slow = sql<SqlBool>`(select true from pg_sleep(0.25))`;
    const where = allOf([...(await projectConditions(ctx, projectParamsToFilter({ status: 'ongoing' } as ProjectParams))), slow]);
    const order = projectOrder('title_asc', undefined);
    const want = await projectWindowIds(ctx, where, order, { limit: 3, offset: 0 }, { filtered: false });
    const readings = Array.from({ length: 8 }, () =>
      projectWindowIds(ctx, where, order, { limit: 3, offset: 0 }, { filtered: true, budgets: { plannedMs: 100, crowdedMs: 2000 } }));
    assert.equal(windowReadsInFlight(), 8, 'every reading counted from its start');
    const got = await Promise.all(readings);
    assert.equal(windowReadsInFlight(), 0);
    for (const g of got) assert.deepEqual(g.ids, want.ids);
    // On PostgreSQL the first reading (100 ms, alone) falls back; the eighth (800 ms) answers as planned.
    assert.deepEqual([got[0]!.reading, got[7]!.reading], process.env.TEST_DATABASE_URL ? ['filter_first', 'planned'] : ['planned', 'planned']);

    // A reading that fails is no longer counted.
    const failing = allOf([...(await projectConditions(ctx, projectParamsToFilter({ status: 'ongoing' } as ProjectParams))), sql<SqlBool>`1 / (p.value_amount - p.value_amount) = 1`]);
    await assert.rejects(projectWindowIds(ctx, failing, order, { limit: 3, offset: 0 }, { filtered: true }), /division by zero/);
    assert.equal(windowReadsInFlight(), 0);
  });
});

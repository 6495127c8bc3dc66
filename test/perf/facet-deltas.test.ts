/**
 * The unfiltered project facets from counts kept by triggers (migration 0026, issue 31): after every
 * kind of write — the admin API's create, update, term replacement and delete, and SQL that other
 * tools might run (publishing and unpublishing, deleting a tag or many projects, concurrent
 * transactions) — `GET /v1/projects/facets` and `facetProjects(ctx, {})` answer exactly what counting
 * every published project answers (the live code path of a filtered request), in the same order;
 * the hourly compaction keeps the sums and shrinks the table; the migration's backfill counts an
 * existing database the same way.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { compactProjectFacets, facetProjects, projectJobs, COMPACT_PROJECT_FACETS_JOB, type ProjectFacets } from '../../src/domain/projects/index.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { adminCtx } from '../helpers/factories.js';
import { projectFacetsPerDimension } from '../helpers/project-facets.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
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

/** The facets counted over every published project now (one statement per dimension, over the links). */
const live = (): Promise<ProjectFacets> => projectFacetsPerDimension(h.database.db, sql`p.published`);

/** Asserts that the stored facets (domain and HTTP) are the live ones; returns them. */
async function expectExact(step: string): Promise<ProjectFacets> {
  const want = await live();
  const got = await facetProjects(await adminCtx(h), {});
  assert.deepEqual(got, want, `${step}: facetProjects(ctx, {})`);
  const res = await h.app.inject({ method: 'GET', url: '/v1/projects/facets', headers: pro.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), want, `${step}: GET /v1/projects/facets`);
  return got;
}

const countOf = (facets: { value: string; count: number }[], value: string) => facets.find((f) => f.value === value)?.count ?? 0;
const deltaRows = async () => Number((await sql<{ n: string }>`select count(*) as n from project_facet_deltas`.execute(h.database.db)).rows[0]!.n);

describe('project facets kept by triggers', () => {
  it('match the live counts of the sample, in order', async () => {
    const f = await expectExact('sample');
    assert.ok(f.statuses.length > 1 && f.countries.length > 1 && f.topics.length > 0 && f.tags.length > 0, 'the sample has every dimension');
  });

  it('follow the admin API: create, update, terms, delete', async () => {
    const before_ = await expectExact('before');
    const created = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'Facet runway', iata_code: 'LHR', status: 'ongoing', topics: ['runways'], tags: ['facet-tag-one'] });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    let f = await expectExact('created');
    assert.equal(countOf(f.countries, 'GB'), countOf(before_.countries, 'GB') + 1);
    assert.equal(countOf(f.tags, 'facet-tag-one'), 1);

    assert.equal((await call(h, admin, 'PATCH', `/v1/admin/projects/${id}`, { status: 'complete', iata_code: 'JFK' })).statusCode, 200);
    f = await expectExact('moved to JFK and completed');
    assert.equal(countOf(f.countries, 'GB'), countOf(before_.countries, 'GB'));
    assert.equal(countOf(f.countries, 'US'), countOf(before_.countries, 'US') + 1);

    assert.equal((await call(h, admin, 'PUT', `/v1/admin/projects/${id}/terms`, { topics: ['terminals'], tags: ['facet-tag-two', 'facet-tag-three'] })).statusCode, 200);
    f = await expectExact('terms replaced');
    assert.equal(countOf(f.tags, 'facet-tag-one'), 0);
    assert.equal(countOf(f.tags, 'facet-tag-two'), 1);

    assert.equal((await call(h, admin, 'DELETE', `/v1/admin/projects/${id}`)).statusCode, 200);
    f = await expectExact('deleted');
    assert.deepEqual(f.countries, before_.countries);
    assert.equal(countOf(f.tags, 'facet-tag-two'), 0);
  });

  it('follow SQL: unpublishing and publishing, a deleted tag, a bulk delete, concurrent transactions', async () => {
    const db = h.database.db;
    const some = (await sql<{ id: string }>`select p.id from projects p where p.published and exists (select 1 from project_topics t where t.project_id = p.id) order by p.id limit 3`.execute(db)).rows.map((r) => r.id);
    assert.equal(some.length, 3, 'the sample has projects with topics');
    await sql`update projects set published = false where id = any(${some}::uuid[])`.execute(db);
    await expectExact('three unpublished');
    await sql`update projects set published = true, status = 'on_hold' where id = ${some[0]}::uuid`.execute(db);
    await expectExact('one published again, on hold');
    await sql`update projects set published = true where id = any(${some}::uuid[])`.execute(db);
    await expectExact('all published again');

    const tag = (await sql<{ id: string }>`select tag_id as id from project_tags group by tag_id order by count(*) desc, tag_id limit 1`.execute(db)).rows[0];
    assert.ok(tag, 'the sample has tagged projects');
    await sql`delete from tags where id = ${tag.id}::uuid`.execute(db);
    await expectExact('a tag deleted (its links by cascade)');

    await sql`delete from projects where country_code = 'GB'`.execute(db);
    const f = await expectExact('every British project deleted');
    assert.equal(countOf(f.countries, 'GB'), 0);

    // Two transactions at once: one unpublishes a project while the other links a topic to it.
    const target = (await sql<{ id: string }>`select id from projects where published order by id limit 1`.execute(db)).rows[0]!.id;
    const topic = (await sql<{ id: string }>`select t.id from topics t where not exists (select 1 from project_topics x where x.project_id = ${target}::uuid and x.topic_id = t.id) order by t.slug limit 1`.execute(db)).rows[0]!.id;
    await Promise.all([
      db.transaction().execute(async (trx) => { await sql`update projects set published = false where id = ${target}::uuid`.execute(trx); }),
      db.transaction().execute(async (trx) => { await sql`insert into project_topics (project_id, topic_id) values (${target}::uuid, ${topic}::uuid)`.execute(trx); }),
    ]);
    await expectExact('unpublished while a topic was linked');
  });

  it('keep their sums through the compaction, which the job mechanism runs hourly', async () => {
    await call(h, admin, 'POST', '/v1/admin/projects', { title: 'Before compaction', iata_code: 'CDG', topics: ['runways'] });
    const want = await expectExact('before compaction');
    const rowsBefore = await deltaRows();
    const distinct = Number((await sql<{ n: string }>`select count(*) as n from (select 1 from project_facet_deltas group by dimension, key having sum(delta) <> 0) k`.execute(h.database.db)).rows[0]!.n);
    assert.ok(rowsBefore > distinct, `the writes above left more rows (${rowsBefore}) than values (${distinct})`);
    const report = await compactProjectFacets(await adminCtx(h));
    assert.deepEqual(report, { before: rowsBefore, after: distinct });
    assert.equal(await deltaRows(), distinct);
    assert.deepEqual(await expectExact('after compaction'), want);
    assert.deepEqual(await compactProjectFacets(await adminCtx(h)), { before: distinct, after: distinct }, 'a second run changes nothing');
    assert.ok(projectJobs().some((j) => j.kind === COMPACT_PROJECT_FACETS_JOB));
    assert.ok(jobHandlers({ outboundAllowedHosts: parseAllowedHosts(''), mail: undefined as never }).some((j) => j.kind === COMPACT_PROJECT_FACETS_JOB), 'the worker runs the compaction');
  });

  it("the migration's backfill counts an existing database as the triggers do", async () => {
    const migration = fs.readFileSync(new URL('../../src/db/migrations/0026_project_facet_counts.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The counts of the projects already stored.'));
    assert.match(backfill, /insert into project_facet_deltas/);
    const want = await expectExact('before the backfill');
    await sql`delete from project_facet_deltas`.execute(h.database.db);
    await sql.raw(backfill).execute(h.database.db);
    assert.deepEqual(await expectExact('after the backfill'), want);
  });
});

/**
 * A process's warm-up of the project index (src/domain/projects/list-window.ts `warmProjectIndex`,
 * called by `serve` before its first requests): the base, the list order of every sort, the common
 * words' postings and every company's postings (decision 0069), so that a first list with a company
 * reads no row set in SQL and its window comes from the index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { facetIndexState, listProjects, PROJECT_SORTS } from '../../src/domain/projects/index.js';
import { indexWindowCounts, listOrderOf, warmProjectIndex } from '../../src/domain/projects/list-window.js';
import { projectOrder } from '../../src/domain/projects/repository.js';
import { startIndexHarness, type IndexHarness } from '../helpers/project-filters.js';

let ix: IndexHarness;
before(async () => (ix = await startIndexHarness()));
after(() => ix.close());

describe('warming the project index', () => {
  it('loads every list order, the common words and every company, and a first company list is answered from them', async () => {
    const db = ix.h.database.db;
    assert.equal(facetIndexState(db), undefined, 'nothing before the warm-up');
    const state = await warmProjectIndex(db);
    assert.deepEqual(state.listOrders, [...new Set(PROJECT_SORTS.map((s) => listOrderOf(s).name))].sort());
    assert.ok(state.commonWords > 0, `common words (${state.commonWords})`);
    const linked = (await sql<{ company: string; n: string }>`
      select pc.company_id::text as company, count(distinct pc.project_id) as n
        from project_companies pc join projects p on p.id = pc.project_id and p.published group by 1 order by 2 desc, 1`.execute(db)).rows;
    assert.ok(linked.length >= 3, 'the sample links projects to companies');
    assert.equal(state.companies, Number((await sql<{ n: string }>`select count(distinct company_id) as n from project_companies`.execute(db)).rows[0]!.n));
    assert.equal(state.companyPostingBytes, 4 * linked.reduce((sum, c) => sum + Number(c.n), 0), 'one posting a published project and company');

    const before = { ...indexWindowCounts };
    const company = linked[0]!.company;
    const got = await listProjects(ix.ctx, { companyId: company }, 'value_desc', { limit: 5, offset: 0, counted: false });
    const { rows } = await sql<{ id: string }>`
      select p.id from projects p where p.published and p.id in (select project_id from project_companies where company_id = ${company}::uuid)
       order by ${projectOrder('value_desc', undefined)} limit 5`.execute(db);
    assert.deepEqual(got.items.map((p) => p.id), rows.map((r) => r.id));
    assert.equal(indexWindowCounts.answered, before.answered + 1, 'the window came from the index');
    const after = facetIndexState(db)!;
    assert.deepEqual([after.rowSets, after.rowSetMisses], [0, 0], 'no row set read in SQL');
  });
});

/**
 * Lists read without a total (issue 31): the /v1 lists report none (seed 001: "There is no total and
 * no page metadata"), so they read their window with `counted: false` (src/domain/pagination.ts
 * `readAhead`) and the operations skip the count, the one part of a list whose cost grows with every
 * match. The window must be the same rows in the same order as a counted read, with and without a
 * filter, and the counted read (the /api/v1 `meta.total`) must keep its exact total.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { readAhead } from '../../src/domain/pagination.js';
import { listProjects } from '../../src/domain/projects/index.js';
import { listTenders } from '../../src/domain/tenders/index.js';
import { adminCtx } from '../helpers/factories.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(h.database.db)).rows[0]!.n;

describe('lists read without a total', () => {
  it('projects: the same window, no count; the counted read keeps its exact total', async () => {
    const ctx = await adminCtx(h);
    const published = await count(sql<{ n: number }>`select count(*)::int as n from projects where published`);
    const inCountry = await count(sql<{ n: number }>`select count(*)::int as n from projects where published and country_code = 'GB'`);
    assert.ok(published > 10 && inCountry > 0, 'the sample has projects, some in GB');
    for (const [filter, total] of [[{}, published], [{ country: 'GB' }, inCountry]] as const) {
      for (const sort of ['title_asc', 'value_desc', 'updated_desc'] as const) {
        const counted = await listProjects(ctx, filter, sort, { limit: 4, offset: 1 });
        const uncounted = await listProjects(ctx, filter, sort, { limit: 4, offset: 1, counted: false });
        assert.equal(counted.total, total, `${JSON.stringify(filter)} ${sort}: exact total when counted`);
        assert.ok(counted.items.length > 0);
        assert.deepEqual(uncounted.items.map((p) => p.id), counted.items.map((p) => p.id), `${JSON.stringify(filter)} ${sort}`);
        assert.ok(Number.isNaN(uncounted.total), `${JSON.stringify(filter)} ${sort}: not counted`);
      }
    }
  });

  it('tenders: the same window, no count', async () => {
    const ctx = await adminCtx(h);
    const counted = await listTenders(ctx, {}, 'deadline_asc', { limit: 3, offset: 0 });
    const uncounted = await listTenders(ctx, {}, 'deadline_asc', { limit: 3, offset: 0, counted: false });
    assert.ok(counted.total > 3, 'the sample has more than a window of live tenders');
    assert.deepEqual(uncounted.items.map((t) => t.id), counted.items.map((t) => t.id));
    assert.ok(Number.isNaN(uncounted.total));
  });

  it('readAhead asks for no total and still knows whether more rows follow', async () => {
    const ctx = await adminCtx(h);
    const asked: unknown[] = [];
    const slice = await readAhead({ limit: 4, offset: 0 }, (w) => {
      asked.push(w);
      return listProjects(ctx, {}, 'title_asc', w);
    });
    assert.deepEqual(asked, [{ limit: 5, offset: 0, counted: false }]);
    assert.equal(slice.items.length, 4);
    assert.equal(slice.hasMore, true);
  });
});

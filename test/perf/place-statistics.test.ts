/**
 * A project's country and region, estimated together (migration 0027, issue 31): the statistics
 * object exists with its most-common-values list of up to 1 000 pairs on both engines, and the
 * `region` filter of the project reads is an equality on the resolved slug (so that those
 * statistics apply) that still matches a slug or an exact name in any case, and nothing for an
 * unknown region or a region and a country that never go together.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { regionEquals } from '../../src/domain/shared/sql-filters.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, ok } from '../v1/helpers.js';

let h: Harness;
let pro: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true });
  ({ pro } = await callers(h));
});
after(() => h.close());

const ids = async (query: string) =>
  (await ok<{ projects: { id: string; region_slug: string | null; country_code: string | null }[] }>(h, pro, `/v1/projects?limit=200&${query}`)).projects;

describe('country and region statistics', () => {
  it('the statistics object covers both columns, dependencies and most common values, 1 000 entries', async () => {
    const { rows } = await sql<{ kinds: string; target: number; columns: string }>`
      select array_to_string(s.stxkind, ',') as kinds, s.stxstattarget::int as target,
             (select string_agg(a.attname, ',' order by a.attname) from pg_attribute a where a.attrelid = s.stxrelid and a.attnum = any(s.stxkeys)) as columns
        from pg_statistic_ext s where s.stxname = 'projects_place_stats'`.execute(h.database.db);
    assert.equal(rows.length, 1, 'migration 0027 created projects_place_stats');
    assert.deepEqual(rows[0]!.kinds.split(',').sort(), ['f', 'm']);
    assert.equal(rows[0]!.target, 1000);
    assert.equal(rows[0]!.columns, 'country_code,region_slug');
  });

  it('the region filter is an equality on the slug, matched by slug or name in any case', async () => {
    const compiled = (await regionEquals(h.database.db, 'p.region_slug', ' Middle East ')).compile(h.database.db);
    assert.match(compiled.sql, /^"p"\."region_slug" = \$1$/);
    assert.deepEqual(compiled.parameters, ['middle-east']);
    const want = (await sql<{ id: string }>`select id from projects where published and region_slug = 'middle-east' order by title, id`.execute(h.database.db)).rows.map((r) => r.id);
    assert.ok(want.length > 0, 'the sample has Middle East projects');
    for (const value of ['middle-east', 'MIDDLE-EAST', 'Middle East', 'middle east']) {
      assert.deepEqual((await ids(`region=${encodeURIComponent(value)}`)).map((p) => p.id), want, value);
    }
  });

  it('an unknown region, or a country outside the region, matches nothing', async () => {
    assert.deepEqual(await ids('region=atlantis'), []);
    const { rows } = await sql<{ country_code: string; region_slug: string }>`
      select country_code, region_slug from projects where published and country_code is not null and region_slug is not null order by title limit 1`.execute(h.database.db);
    const { country_code: country, region_slug: region } = rows[0]!;
    assert.ok((await ids(`country=${country}&region=${region}`)).length > 0);
    const other = region === 'europe' ? 'asia-pacific' : 'europe';
    assert.deepEqual(await ids(`country=${country}&region=${other}`), []);
  });
});

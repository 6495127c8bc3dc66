/**
 * The rule of migration 0028, restated for tests: `projects.term_ids` is the sorted ids of the
 * project's topic and tag links. Shared by the trigger tests (test/perf/list-window.test.ts) and the
 * synthetic seed's test (test/data.test.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';

/** The ids of the projects whose `term_ids` is not the sorted ids of their links now (empty when all agree). */
export async function projectsWithStaleTermIds(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select p.id from projects p
    where p.term_ids is distinct from coalesce((select array_agg(x.id order by x.id) from (
      select topic_id as id from project_topics where project_id = p.id union all select tag_id from project_tags where project_id = p.id) x), '{}')
    order by p.id`.execute(db);
  return rows.map((r) => r.id);
}

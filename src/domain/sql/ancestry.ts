/**
 * Walking a self-referencing hierarchy upwards (a company's parents, a project's programmes): one
 * recursive query for every table that has a parent column, so "would this parent make a cycle?"
 * is answered the same way everywhere.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The hierarchies: each table with the column naming a row's parent in the same table. */
const PARENT_COLUMN = { companies: 'parent_id', projects: 'parent_project_id' } as const;

/**
 * Row `id` of `table` and the rows above it, nearest first: the parent column followed up to the
 * top. Stops at a repeat (so even a stored cycle ends) and after 1 000 levels.
 * @returns ids, `[id]` alone for a top-level row, `[]` when `id` names no row
 */
export async function ancestorChain(db: Kysely<DB>, table: keyof typeof PARENT_COLUMN, id: string): Promise<string[]> {
  const parent = sql.ref(PARENT_COLUMN[table]);
  const rows = sql.table(table);
  const { rows: chain } = await sql<{ id: string }>`
    with recursive up(id, parent, depth) as (
      select id, ${parent}, 0 from ${rows} where id = ${id}::uuid
      union
      select t.id, t.${parent}, up.depth + 1 from ${rows} t join up on t.id = up.parent where up.depth < 1000
    )
    select id from up order by depth`.execute(db);
  return chain.map((r) => r.id);
}

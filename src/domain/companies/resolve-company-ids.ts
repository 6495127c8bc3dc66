/**
 * Resolving a company filter (`company_id` of /v1/projects): the company itself, the companies
 * that are the same organisation under another name (a company whose name is one of its aliases,
 * or whose alias is its name), and all their subsidiaries, at any depth.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/** The ids (UUIDs) a filter on company `id` covers; `[]` when there is no such company. */
export async function resolveCompanyIds(ctx: Ctx, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive same as (
      select c.id from companies c where c.id = ${id}::uuid
      union
      select other.id from companies c
        join company_aliases al on al.company_id = c.id
        join companies other on lower(other.name) = lower(al.alias)
       where c.id = ${id}::uuid
      union
      select al.company_id from companies c
        join company_aliases al on lower(al.alias) = lower(c.name)
       where c.id = ${id}::uuid
    ), tree as (
      select id from same
      union
      select c.id from companies c join tree t on c.parent_id = t.id
    )
    select id from tree`.execute(ctx.db);
  return rows.map((r) => r.id);
}

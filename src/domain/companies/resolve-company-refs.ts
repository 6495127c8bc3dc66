/**
 * Resolving the companies an editor writes (an id, a name, or one of the company's aliases) to
 * company ids, naming the field when a value matches no company.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The company id of each value of `values`, in order: a UUID is looked up as an id, anything else
 * as a company name or alias (case-insensitive, exact).
 * @throws DomainError VALIDATION naming `field` for a value that matches no company
 */
export async function resolveCompanyRefs(db: Kysely<DB>, values: string[], field = 'companies'): Promise<string[]> {
  const wanted = values.map((v) => v.trim());
  const ids = wanted.filter((v) => UUID.test(v)).map((v) => v.toLowerCase());
  const names = wanted.filter((v) => !UUID.test(v)).map((v) => v.toLowerCase());
  const byId = ids.length ? await db.selectFrom('companies').select('id').where('id', 'in', ids).execute() : [];
  const byName = names.length
    ? (await sql<{ id: string; key: string }>`
        select c.id, lower(c.name) as key from companies c where lower(c.name) = any(${names}::text[])
        union all
        select a.company_id as id, lower(a.alias) as key from company_aliases a where lower(a.alias) = any(${names}::text[])`.execute(db)).rows
    : [];
  return wanted.map((v) => {
    const hit = UUID.test(v) ? byId.find((r) => r.id === v.toLowerCase()) : byName.find((r) => r.key === v.toLowerCase());
    if (!hit) throw invalidParam(field, `unknown company "${v}"`);
    return hit.id;
  });
}

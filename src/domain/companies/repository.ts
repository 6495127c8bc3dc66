/**
 * The company profiles' queries: the `CompanyView` of a set of ids (aliases, parent, subsidiaries
 * and counts over the same reach as `company_id` filters: the company, the companies that are the
 * same organisation under another name, and their subsidiaries at any depth; ./resolve-company-ids.ts),
 * the list filter, the reference lookup, and the writes of the admin operations. A leaf: no other
 * entity's queries.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import { ancestorChain } from '../sql/ancestry.js';
import { recordVersion } from '../sql/record-version.js';
import type { Window } from '../pagination.js';
import { likePattern } from '../shared/sql-filters.js';
import type { CompanyFilter } from './schemas.js';

/** A company named from another record. */
export interface CompanyRef {
  id: string;
  name: string;
  slug: string;
}

/** A company profile. */
export interface CompanyView extends CompanyRef {
  country_code: string | null;
  country_name: string | null;
  website: string | null;
  aliases: string[];
  parent: CompanyRef | null;
  subsidiaries: CompanyRef[];
  /** Published projects linked to the company, its other names or its subsidiaries. */
  project_count: number;
  /** Published tenders they list, buy or bid for. */
  tender_count: number;
  /** Articles of published editions that name them. */
  article_count: number;
  created_at: Date;
  /** The version of its row and aliases (the admin faces' ETag, decision 0050). */
  record_version: string;
}

const version = recordVersion('c', { links: [{ table: 'company_aliases', key: 'company_id' }] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The profiles of `ids`, in that order (unknown ids left out). */
export async function selectCompanyViews(db: Kysely<DB>, ids: string[]): Promise<CompanyView[]> {
  if (!ids.length) return [];
  const { rows } = await sql<CompanyView>`
    with recursive page(ord, id) as (select u.ord, u.id from unnest(${ids}::uuid[]) with ordinality as u(id, ord)),
    same(root, id) as (
      select id, id from page
      union select p.id, other.id from page p join company_aliases al on al.company_id = p.id join companies other on lower(other.name) = lower(al.alias)
      union select p.id, al.company_id from page p join companies c on c.id = p.id join company_aliases al on lower(al.alias) = lower(c.name)
    ),
    tree(root, id) as (select root, id from same union select t.root, c.id from companies c join tree t on c.parent_id = t.id),
    reach as (select root, array_agg(distinct id) as ids from tree group by root)
    select c.id, c.name, c.slug, c.country_code, co.name as country_name, c.website, c.created_at, ${version} as record_version,
      coalesce((select json_agg(al.alias order by al.alias) from company_aliases al where al.company_id = c.id), '[]') as aliases,
      (select json_build_object('id', pc.id, 'name', pc.name, 'slug', pc.slug) from companies pc where pc.id = c.parent_id) as parent,
      coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) order by s.name, s.id) from companies s where s.parent_id = c.id), '[]') as subsidiaries,
      (select count(distinct x.project_id)::int from project_companies x join projects p on p.id = x.project_id and p.published
        where x.company_id = any(r.ids)) as project_count,
      (select count(*)::int from tenders t where t.published and t.id in (
         select x.tender_id from tender_companies x where x.company_id = any(r.ids)
         union select b.tender_id from tender_bidders b where b.company_id = any(r.ids)
         union select tb.id from tenders tb where tb.buyer_company_id = any(r.ids))) as tender_count,
      (select count(distinct x.article_id)::int from article_companies x join articles a on a.id = x.article_id
         join editions e on e.id = a.edition_id and e.status = 'published' where x.company_id = any(r.ids)) as article_count
    from page pg join companies c on c.id = pg.id join reach r on r.root = c.id left join countries co on co.code = c.country_code
    order by pg.ord`.execute(db);
  return rows;
}

/** The conditions of `filter` over `companies c`. */
export function companyConditions(filter: CompanyFilter): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`true`];
  if (filter.q) {
    const like = likePattern(filter.q);
    where.push(sql<SqlBool>`(c.name ilike ${like} or c.slug = ${filter.q.trim().toLowerCase()}
      or exists (select 1 from company_aliases al where al.company_id = c.id and al.alias ilike ${like}))`);
  }
  if (filter.country) where.push(sql<SqlBool>`c.country_code = ${filter.country.toUpperCase()}`);
  return where;
}

/** The ids of one window of the companies matching `where`, by name. */
export async function selectCompanyIds(db: Kysely<DB>, where: RawBuilder<SqlBool>, window: Window): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select c.id from companies c where ${where} order by lower(c.name), c.id limit ${window.limit} offset ${window.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The company `ref` names: an id, a slug, the slug of a company merged into it, or (case-insensitive)
 * its name or one of its aliases, in that order; `undefined` when none.
 */
export async function findCompanyIdByRef(db: Kysely<DB>, ref: string): Promise<string | undefined> {
  const value = ref.trim();
  if (UUID.test(value)) return (await db.selectFrom('companies').select('id').where('id', '=', value.toLowerCase()).executeTakeFirst())?.id;
  const { rows } = await sql<{ id: string }>`
    select id from (
      select c.id, 1 as rank from companies c where c.slug = ${value.toLowerCase()}
      union all select r.company_id, 2 from company_redirects r where r.slug = ${value.toLowerCase()}
      union all select c.id, 3 from companies c where lower(c.name) = ${value.toLowerCase()}
      union all select al.company_id, 4 from company_aliases al where lower(al.alias) = ${value.toLowerCase()}
    ) hits order by rank limit 1`.execute(db);
  return rows[0]?.id;
}

/** Replaces the aliases of company `id` (duplicates and the company's own name left out). */
export async function replaceAliases(trx: Kysely<DB>, id: string, name: string, aliases: string[]): Promise<void> {
  const wanted = [...new Map(aliases.map((a) => a.trim()).filter((a) => a && a.toLowerCase() !== name.toLowerCase()).map((a) => [a.toLowerCase(), a])).values()];
  await trx.deleteFrom('company_aliases').where('company_id', '=', id).execute();
  if (wanted.length) await trx.insertInto('company_aliases').values(wanted.map((alias) => ({ company_id: id, alias }))).execute();
}

/** Company `id` and the companies above it, nearest first (stops at a repeat). */
export const parentChain = (db: Kysely<DB>, id: string): Promise<string[]> => ancestorChain(db, 'companies', id);

/**
 * Moves every link of company `from` to company `to` (projects, tenders as listed, buyer or bidder,
 * articles, media, readers' interests, subsidiaries, redirects), leaving duplicates out.
 */
export async function moveCompanyLinks(trx: Kysely<DB>, from: string, to: string): Promise<void> {
  await sql`insert into project_companies (project_id, company_id, role) select project_id, ${to}::uuid, role from project_companies where company_id = ${from}::uuid on conflict do nothing`.execute(trx);
  await sql`insert into tender_companies (tender_id, company_id) select tender_id, ${to}::uuid from tender_companies where company_id = ${from}::uuid on conflict do nothing`.execute(trx);
  await sql`insert into article_companies (article_id, company_id) select article_id, ${to}::uuid from article_companies where company_id = ${from}::uuid on conflict do nothing`.execute(trx);
  await sql`insert into media_bindings (media_id, company_id) select media_id, ${to}::uuid from media_bindings where company_id = ${from}::uuid on conflict do nothing`.execute(trx);
  await sql`insert into user_interests (user_id, kind, ref, created_at) select user_id, kind, ${to}, created_at from user_interests where kind = 'company' and ref = ${from} on conflict do nothing`.execute(trx);
  await sql`delete from user_interests where kind = 'company' and ref = ${from}`.execute(trx);
  await trx.updateTable('tenders').set({ buyer_company_id: to }).where('buyer_company_id', '=', from).execute();
  await trx.updateTable('tender_bidders').set({ company_id: to }).where('company_id', '=', from).execute();
  await trx.updateTable('companies').set({ parent_id: to }).where('parent_id', '=', from).where('id', '<>', to).execute();
  await trx.updateTable('company_redirects').set({ company_id: to }).where('company_id', '=', from).execute();
  // The links of `from` itself go with the company (cascade) once it is deleted.
}

/**
 * The one link writer of the records that carry entity links: projects, tenders and articles each
 * link airports, companies, topics and tags through four tables named `<record>_<set>`. This module
 * reads the four sets in one shape and replaces one set at a time, resolving what an editor wrote
 * (ids, codes, slugs, names, aliases, or the objects the links read returns: decision 0023) with the
 * shared resolvers. A record with a main airport (projects, tenders) keeps it among its airports: a
 * new set without it makes the first airport of the set the main one and sets the record's place.
 * The writes run in the caller's transaction (src/domain/links/write-links.ts is that transaction
 * for the "replace the set" operations of projects and tenders: lock, audit, `updated_at`). A leaf:
 * it imports only the database types, the vocabulary resolvers and the reference schemas.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { resolveAirports, resolveCompanies, resolveTags, resolveTopics } from './vocabulary.js';
import { refValue, type AirportRef, type CompanyRef, type LinkedAirport, type LinkedTerm, type ProjectCompanyRef, type TermRef } from '../shared/link-refs.js';

/** A record kind that carries entity links. */
export type LinkOwner = 'project' | 'tender' | 'article';

/** Where a record kind keeps its links. */
export interface OwnerSpec {
  /** The record's table and the link tables' column naming it. */
  table: 'projects' | 'tenders' | 'articles';
  key: 'project_id' | 'tender_id' | 'article_id';
  /** What a new main airport sets on the record: its place (projects), its country and region (tenders), nothing (articles: no main airport). */
  main: 'place' | 'region' | null;
  /** Whether a company link carries a role (projects). */
  roles: boolean;
}

export const OWNERS: Record<LinkOwner, OwnerSpec> = {
  project: { table: 'projects', key: 'project_id', main: 'place', roles: true },
  tender: { table: 'tenders', key: 'tender_id', main: 'region', roles: false },
  article: { table: 'articles', key: 'article_id', main: null, roles: false },
};

const linkTable = (owner: LinkOwner, set: 'airports' | 'companies' | 'topics' | 'tags') => sql.table(`${owner}_${set}`);
const keyRef = (owner: LinkOwner) => sql.ref(OWNERS[owner].key);

/** A company link: its id and name, and its role on a project. */
export interface LinkedCompany {
  id: string;
  name: string;
  role?: string;
}

/** The entity links of a record, as every links read returns them. */
export interface EntityLinks {
  /** The main airport first (`is_main`, on records that have one), then by IATA code. */
  airports: (LinkedAirport & { is_main?: boolean })[];
  /** By name (then role). */
  companies: LinkedCompany[];
  /** By slug. */
  topics: LinkedTerm[];
  /** By slug. */
  tags: LinkedTerm[];
}

/** The links of record `id` of `owner` (which must exist). */
export async function selectLinks(db: Kysely<DB>, owner: LinkOwner, id: string): Promise<EntityLinks> {
  const spec = OWNERS[owner];
  const role = spec.roles ? sql`, x.role` : sql``;
  const [main, airports, companies, topics, tags] = await Promise.all([
    spec.main ? sql<{ airport_id: string | null }>`select airport_id from ${sql.table(spec.table)} where id = ${id}::uuid`.execute(db) : undefined,
    sql<LinkedAirport>`select a.id, a.iata as iata_code, a.name from ${linkTable(owner, 'airports')} x join airports a on a.id = x.airport_id
      where x.${keyRef(owner)} = ${id}::uuid order by a.iata`.execute(db),
    sql<LinkedCompany>`select c.id, c.name${role} from ${linkTable(owner, 'companies')} x join companies c on c.id = x.company_id
      where x.${keyRef(owner)} = ${id}::uuid order by c.name${role}`.execute(db),
    sql<LinkedTerm>`select t.slug, t.name from ${linkTable(owner, 'topics')} x join topics t on t.id = x.topic_id
      where x.${keyRef(owner)} = ${id}::uuid order by t.slug`.execute(db),
    sql<LinkedTerm>`select t.slug, t.name from ${linkTable(owner, 'tags')} x join tags t on t.id = x.tag_id
      where x.${keyRef(owner)} = ${id}::uuid order by t.slug`.execute(db),
  ]);
  const mainId = main?.rows[0]?.airport_id;
  const linked = main
    ? airports.rows.map((a) => ({ ...a, is_main: a.id === mainId })).sort((a, b) => Number(b.is_main) - Number(a.is_main))
    : airports.rows;
  return { airports: linked, companies: companies.rows, topics: topics.rows, tags: tags.rows };
}

/** Replaces the `set` links of record `id` with `rows` (`role` only on project companies). */
async function replaceSet(trx: Kysely<DB>, owner: LinkOwner, set: 'airports' | 'companies' | 'topics' | 'tags', id: string, ids: string[], roles?: string[]): Promise<void> {
  const column = sql.ref(`${set === 'airports' ? 'airport' : set === 'companies' ? 'company' : set === 'topics' ? 'topic' : 'tag'}_id`);
  await sql`delete from ${linkTable(owner, set)} where ${keyRef(owner)} = ${id}::uuid`.execute(trx);
  if (!ids.length) return;
  if (roles) {
    await sql`insert into ${linkTable(owner, set)} (${keyRef(owner)}, ${column}, role)
      select ${id}::uuid, l.ref, l.role from unnest(${ids}::uuid[], ${roles}::text[]) as l(ref, role)`.execute(trx);
  } else {
    await sql`insert into ${linkTable(owner, set)} (${keyRef(owner)}, ${column}) select ${id}::uuid, unnest(${ids}::uuid[])`.execute(trx);
  }
}

/**
 * Replaces the airports of record `id` with `refs` (ids, IATA codes or names, or link objects).
 * On a record with a main airport, when the main airport is not among them the first becomes the
 * main airport (a project takes its name, IATA code, country and region as its place; a tender its
 * country and region); an empty set clears the main airport and keeps the country and region.
 * @throws DomainError VALIDATION naming `field`
 */
export async function replaceAirportLinks(trx: Kysely<DB>, owner: LinkOwner, id: string, refs: AirportRef[], field = 'airports'): Promise<void> {
  const ids = [...new Set(await resolveAirports(trx, refs.map(refValue), field))];
  await replaceSet(trx, owner, 'airports', id, ids);
  const { main, table } = OWNERS[owner];
  if (!main) return;
  const row = (await sql<{ airport_id: string | null }>`select airport_id from ${sql.table(table)} where id = ${id}::uuid`.execute(trx)).rows[0];
  if (row?.airport_id && ids.includes(row.airport_id)) return;
  if (!ids.length) {
    const clear = main === 'place' ? sql`airport_id = null, airport_name = null, iata_code = null` : sql`airport_id = null`;
    await sql`update ${sql.table(table)} set ${clear} where id = ${id}::uuid`.execute(trx);
    return;
  }
  const place = main === 'place' ? sql`airport_name = a.name, iata_code = a.iata, ` : sql``;
  await sql`update ${sql.table(table)} r set airport_id = a.id, ${place}country_code = a.country_code, region_slug = c.region_slug
              from airports a join countries c on c.code = a.country_code where a.id = ${ids[0]}::uuid and r.id = ${id}::uuid`.execute(trx);
}

/**
 * Replaces the companies of record `id` with `refs` (each an id, name, slug or alias, or a link
 * object; on a project with its role, contractor by default). A company named twice (with the same
 * role) is linked once. @throws DomainError VALIDATION naming `field`
 */
export async function replaceCompanyLinks(trx: Kysely<DB>, owner: LinkOwner, id: string, refs: (CompanyRef | ProjectCompanyRef)[], field = 'companies'): Promise<void> {
  const ids = await resolveCompanies(trx, refs.map((r) => refValue(r)), field);
  if (!OWNERS[owner].roles) return replaceSet(trx, owner, 'companies', id, [...new Set(ids)]);
  const pairs = new Map(ids.map((companyId, i) => {
    const ref = refs[i]!;
    const role = (typeof ref === 'object' && 'role' in ref && ref.role) || 'contractor';
    return [`${companyId}:${role}`, [companyId, role] as const];
  }));
  const rows = [...pairs.values()];
  await replaceSet(trx, owner, 'companies', id, rows.map(([c]) => c), rows.map(([, r]) => r));
}

/**
 * Replaces the topics and/or tags of record `id` (a list left out keeps its links; unknown tags
 * are created). @throws DomainError VALIDATION naming `topics` for an unknown topic, `tags` for a tag without letters or digits
 */
export async function replaceTermLinks(trx: Kysely<DB>, owner: LinkOwner, id: string, input: { topics?: TermRef[] | undefined; tags?: TermRef[] | undefined }): Promise<void> {
  if (input.topics) await replaceSet(trx, owner, 'topics', id, [...new Set(await resolveTopics(trx, input.topics.map(refValue), 'topics'))]);
  if (input.tags) await replaceSet(trx, owner, 'tags', id, [...new Set(await resolveTags(trx, input.tags.map(refValue), 'tags'))]);
}

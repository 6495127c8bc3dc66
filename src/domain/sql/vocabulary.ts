/**
 * Resolving the vocabulary an editor writes to ids, for every write of every entity (articles,
 * projects, tenders, calendar, sources, the edition import), naming the field and the value when
 * one is unknown. A write accepts what a read of either edition returns (decision 0023): topics and tags
 * by slug or name (case-insensitive), airports by IATA code, database id or name, countries by
 * ISO 3166-1 alpha-2 code or English name, regions by slug or name, companies by id, name, slug or
 * alias (`resolveCompanies`, the one company resolver).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam } from '../errors.js';
import { humanise, slugify } from '../slug.js';

const uniq = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Topic ids of `values` (slug or name, case-insensitive). @throws DomainError VALIDATION naming `field` */
export async function resolveTopics(db: Kysely<DB>, values: string[], field = 'topics'): Promise<string[]> {
  const wanted = uniq(values);
  if (!wanted.length) return [];
  const rows = await db.selectFrom('topics').select(['id', 'slug', 'name'])
    .where((eb) => eb.or([eb('slug', 'in', wanted.map((v) => v.toLowerCase())), eb(sql`lower(name)`, 'in', wanted.map((v) => v.toLowerCase()))]))
    .execute();
  const ids: string[] = [];
  for (const v of wanted) {
    const row = rows.find((r) => r.slug === v.toLowerCase() || r.name.toLowerCase() === v.toLowerCase());
    if (!row) throw invalidParam(field, `unknown topic "${v}"`);
    ids.push(row.id);
  }
  return [...new Set(ids)];
}

/**
 * Tag ids of `values`: an existing tag by slug or name (case-insensitive); any other value is
 * slugified and the tag created (an editor coins tags freely).
 * @throws DomainError VALIDATION naming `field` for a value without letters or digits
 */
export async function resolveTags(db: Kysely<DB>, values: string[], field = 'tags'): Promise<string[]> {
  const bad = values.find((v) => v.trim() && !slugify(v));
  if (bad !== undefined) throw invalidParam(field, `tag "${bad}" needs letters or digits`);
  const wanted = uniq(values);
  if (!wanted.length) return [];
  const lower = wanted.map((v) => v.toLowerCase());
  const known = await db.selectFrom('tags').select(['id', 'slug', 'name'])
    .where((eb) => eb.or([eb('slug', 'in', [...lower, ...wanted.map((v) => slugify(v))]), eb(sql`lower(name)`, 'in', lower)]))
    .execute();
  const find = (v: string) => known.find((r) => r.slug === v.toLowerCase() || r.name.toLowerCase() === v.toLowerCase()) ?? known.find((r) => r.slug === slugify(v));
  const missing = uniq(wanted.filter((v) => !find(v)).map((v) => slugify(v)));
  if (missing.length) {
    await db.insertInto('tags').values(missing.map((slug) => ({ slug, name: humanise(slug) }))).onConflict((oc) => oc.column('slug').doNothing()).execute();
    known.push(...await db.selectFrom('tags').select(['id', 'slug', 'name']).where('slug', 'in', missing).execute());
  }
  return [...new Set(wanted.map((v) => find(v)!.id))];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Airport ids of `values`, each an IATA code, a database id (UUID) or an airport's name
 * (case-insensitive), as the reads of either edition carry them.
 * @throws DomainError VALIDATION naming `field` and the value: unknown, or a name several airports share
 */
export async function resolveAirports(db: Kysely<DB>, values: string[], field = 'airports'): Promise<string[]> {
  const wanted = uniq(values);
  if (!wanted.length) return [];
  const ids = wanted.filter((v) => UUID.test(v)).map((v) => v.toLowerCase());
  const lower = wanted.map((v) => v.toLowerCase());
  const rows = await db.selectFrom('airports').select(['id', 'iata', 'name'])
    .where((eb) => eb.or([
      eb('iata', 'in', wanted.map((v) => v.toUpperCase())),
      eb(sql`lower(name)`, 'in', lower),
      ...(ids.length ? [eb('id', 'in', ids)] : []),
    ]))
    .execute();
  return [...new Set(wanted.map((v) => {
    const byCode = rows.find((r) => r.id === v.toLowerCase() || r.iata === v.toUpperCase());
    if (byCode) return byCode.id;
    const byName = rows.filter((r) => r.name.toLowerCase() === v.toLowerCase());
    if (byName.length > 1) throw invalidParam(field, `airport name "${v}" is ambiguous (${byName.map((r) => r.iata).join(', ')}); use an IATA code`);
    if (!byName.length) throw invalidParam(field, `unknown airport "${v}" (expected an IATA code, an airport id or an airport name)`);
    return byName[0]!.id;
  }))];
}

/**
 * The company id of each value of `values`, in order, one per value (a value named twice gives its
 * id twice; callers that keep a set drop the repeats): an id first, then a name, a slug, an alias.
 * @throws DomainError VALIDATION naming `field` and the value when no company answers to it
 */
export async function resolveCompanies(db: Kysely<DB>, values: string[], field = 'companies'): Promise<string[]> {
  const wanted = values.map((v) => v.trim());
  if (!wanted.length) return [];
  const lower = [...new Set(wanted.map((v) => v.toLowerCase()))];
  const ids = lower.filter((v) => UUID.test(v));
  const { rows } = await sql<{ id: string; key: string; rank: number }>`
    select c.id, c.id::text as key, 0 as rank from companies c where c.id = any(${ids}::uuid[])
    union all select c.id, lower(c.name), 1 from companies c where lower(c.name) = any(${lower}::text[])
    union all select c.id, c.slug, 2 from companies c where c.slug = any(${lower}::text[])
    union all select a.company_id, lower(a.alias), 3 from company_aliases a where lower(a.alias) = any(${lower}::text[])`.execute(db);
  const best = new Map<string, { id: string; rank: number }>();
  for (const r of rows) {
    const seen = best.get(r.key);
    if (!seen || r.rank < seen.rank) best.set(r.key, r);
  }
  return wanted.map((v) => {
    const hit = best.get(v.toLowerCase());
    if (!hit) throw invalidParam(field, `unknown company "${v}" (expected a company id, name, slug or alias)`);
    return hit.id;
  });
}

/** Region slug of a slug or name. @throws DomainError VALIDATION */
export async function resolveRegion(db: Kysely<DB>, value: string, field = 'region'): Promise<string> {
  const row = await db.selectFrom('regions').select('slug')
    .where((eb) => eb.or([eb('slug', '=', value.toLowerCase()), eb(sql`lower(name)`, '=', value.toLowerCase())]))
    .executeTakeFirst();
  if (!row) throw invalidParam(field, `unknown region "${value}"`);
  return row.slug;
}

/** ISO code of a country code or English name. @throws DomainError VALIDATION */
export async function resolveCountry(db: Kysely<DB>, value: string, field = 'country'): Promise<{ code: string; region_slug: string }> {
  const row = await db.selectFrom('countries').select(['code', 'region_slug'])
    .where((eb) => eb.or([eb('code', '=', value.toUpperCase()), eb(sql`lower(name)`, '=', value.toLowerCase())]))
    .executeTakeFirst();
  if (!row) throw invalidParam(field, `unknown country "${value}"`);
  return row;
}

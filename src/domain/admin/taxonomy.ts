/**
 * Resolving the taxonomy values an editor writes (topic slugs or names, tag slugs, IATA codes,
 * region and country) to ids, naming the field when a value is unknown.
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

/** Tag ids of `values` (slugs, or names that are slugified); missing tags are created. */
export async function resolveTags(db: Kysely<DB>, values: string[], field = 'tags'): Promise<string[]> {
  const slugs = uniq(values.map((v) => slugify(v)));
  if (values.some((v) => v.trim() && !slugify(v))) throw invalidParam(field, 'a tag needs letters or digits');
  if (!slugs.length) return [];
  await db.insertInto('tags').values(slugs.map((slug) => ({ slug, name: humanise(slug) }))).onConflict((oc) => oc.column('slug').doNothing()).execute();
  const rows = await db.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  return slugs.map((s) => rows.find((r) => r.slug === s)!.id);
}

/** Airport ids of IATA codes. @throws DomainError VALIDATION naming `field` */
export async function resolveAirports(db: Kysely<DB>, codes: string[], field = 'airports'): Promise<string[]> {
  const wanted = uniq(codes.map((c) => c.toUpperCase()));
  if (!wanted.length) return [];
  const rows = await db.selectFrom('airports').select(['id', 'iata']).where('iata', 'in', wanted).execute();
  return wanted.map((c) => {
    const row = rows.find((r) => r.iata === c);
    if (!row) throw invalidParam(field, `unknown airport IATA code "${c}"`);
    return row.id;
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

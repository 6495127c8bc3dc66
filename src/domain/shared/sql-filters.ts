/**
 * SQL building blocks shared by the article, project and tender queries: taxonomy matches over the
 * link tables, place matches, and LIKE escaping. Identifiers come from the fixed unions below, never
 * from input; values are always bound parameters.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';

/** Records that carry taxonomy links (`<kind>_topics`, `<kind>_tags`, `<kind>_airports`). */
export type Linkable = 'article' | 'project' | 'tender';
/** The term vocabularies. */
export type Vocabulary = 'topic' | 'tag';

/** `%value%` with LIKE metacharacters escaped. */
export const likePattern = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

const lower = (values: string[]) => values.map((v) => v.trim().toLowerCase());

/**
 * The record `alias` carries at least one of `values` in `vocabulary`, matched by slug or by name
 * (case-insensitive).
 */
export function hasTerm(kind: Linkable, vocabulary: Vocabulary, values: string[], alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from ${sql.table(`${kind}_${vocabulary}s`)} link join ${sql.table(`${vocabulary}s`)} term on term.id = ${sql.ref(`link.${vocabulary}_id`)}
     where ${sql.ref(`link.${kind}_id`)} = ${sql.ref(`${alias}.id`)} and ${namesTerm('term', values)})`;
}

/**
 * The one matching rule of a term value (a topic or tag row `alias`): its slug or its name equals one
 * of `values`, case-insensitively. {@link hasTerm} and {@link carriesTerm} both use it.
 */
function namesTerm(alias: string, values: string[]): RawBuilder<SqlBool> {
  const vs = lower(values);
  return sql<SqlBool>`(${sql.ref(`${alias}.slug`)} = any(${vs}::text[]) or lower(${sql.ref(`${alias}.name`)}) = any(${vs}::text[]))`;
}

/** `hasTerm` over topics or tags: the value names a topic or a tag (the /v1 `terms`). */
export const hasTopicOrTag = (kind: Linkable, value: string, alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${hasTerm(kind, 'topic', [value], alias)} or ${hasTerm(kind, 'tag', [value], alias)})`;

/**
 * The record `alias` is linked to one of the airports `values`: each an airport id (UUID), an IATA
 * code (three characters) or part of an airport name.
 */
export function hasAirport(kind: Linkable, values: string[], alias: string): RawBuilder<SqlBool> {
  const ors = values.map((v) => {
    const value = v.trim();
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return sql`ap.id = ${value}::uuid`;
    if (/^[A-Za-z0-9]{3}$/.test(value)) return sql`ap.iata = ${value.toUpperCase()}`;
    return sql`ap.name ilike ${likePattern(value)}`;
  });
  return sql<SqlBool>`exists (
    select 1 from ${sql.table(`${kind}_airports`)} link join airports ap on ap.id = link.airport_id
     where ${sql.ref(`link.${kind}_id`)} = ${sql.ref(`${alias}.id`)} and (${sql.join(ors, sql` or `)}))`;
}

/** The region column `regionColumn` (e.g. `a.region_slug`; the subquery's own aliases are `r` and `c`, so avoid them) is one of `values`, each a slug or an exact name (case-insensitive). */
export function regionIn(regionColumn: string, values: string[]): RawBuilder<SqlBool> {
  const vs = lower(values);
  return sql<SqlBool>`exists (select 1 from regions r where r.slug = ${sql.ref(regionColumn)}
    and (r.slug = any(${vs}::text[]) or lower(r.name) = any(${vs}::text[])))`;
}

/**
 * The slugs of the regions named by `value` (a slug or an exact name, case-insensitive), sorted;
 * `[]` for an unknown region. The one resolution of {@link regionEquals} and of the project facet
 * index (src/domain/projects/facet-index.ts).
 */
export async function regionSlugs(db: Kysely<DB>, value: string): Promise<string[]> {
  const [v] = lower([value]);
  return (await sql<{ slug: string }>`select slug from regions where slug = ${v} or lower(name) = ${v} order by slug`.execute(db)).rows.map((r) => r.slug);
}

/**
 * The region column `regionColumn` is the region named by `value` (its slug or its exact name,
 * case-insensitive), resolved first by one lookup in `db`: as the same match as {@link regionIn},
 * but written as an equality on the column, so that the planner's statistics over the region and
 * country columns together apply (a region and a country that never go together are estimated
 * empty rather than walked through a sort's whole index: migration 0027). An unknown region
 * matches nothing.
 */
export async function regionEquals(db: Kysely<DB>, regionColumn: string, value: string): Promise<RawBuilder<SqlBool>> {
  const slugs = await regionSlugs(db, value);
  if (slugs.length === 0) return sql<SqlBool>`false`;
  return slugs.length === 1 ? sql<SqlBool>`${sql.ref(regionColumn)} = ${slugs[0]}` : sql<SqlBool>`${sql.ref(regionColumn)} = any(${slugs}::text[])`;
}

/**
 * The ids of the terms of `vocabularies` named by `value` (slug or name, case-insensitive, as
 * {@link hasTerm} matches), sorted; `[]` for an unknown term. The one resolution of
 * {@link carriesTerm} and of the project facet index (src/domain/projects/facet-index.ts).
 */
export async function termIds(db: Kysely<DB>, value: string, vocabularies: readonly Vocabulary[]): Promise<string[]> {
  const lookups = vocabularies.map((vocabulary) => sql`select term.id from ${sql.table(`${vocabulary}s`)} term where ${namesTerm('term', [value])}`);
  return (await sql<{ id: string }>`select id from (${sql.join(lookups, sql` union `)}) t order by id`.execute(db)).rows.map((r) => r.id);
}

/**
 * The id array `termIdsColumn` (a record's own copy of its topic and tag ids, e.g. `projects.term_ids`,
 * migration 0028) holds a term named by `value` in one of `vocabularies`: matched by slug or by name
 * (case-insensitive) as {@link hasTerm} matches, but resolved to ids first by one lookup in `db`, so
 * the condition is an array overlap that the column's GIN index answers. An unknown term matches
 * nothing.
 */
export async function carriesTerm(db: Kysely<DB>, termIdsColumn: string, value: string, vocabularies: readonly Vocabulary[]): Promise<RawBuilder<SqlBool>> {
  const ids = await termIds(db, value, vocabularies);
  return ids.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${sql.ref(termIdsColumn)} && ${ids}::uuid[]`;
}

/** The region's name contains `value` (case-insensitive), or `value` is its slug. */
export const regionContains = (regionColumn: string, value: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from regions r where r.slug = ${sql.ref(regionColumn)}
    and (r.name ilike ${likePattern(value)} or r.slug = ${value.trim().toLowerCase()}))`;

/** The country's name contains `value` (case-insensitive), or `value` is its ISO 3166-1 alpha-2 code. */
export const countryContains = (countryColumn: string, value: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from countries c where c.code = ${sql.ref(countryColumn)}
    and (c.name ilike ${likePattern(value)} or c.code = ${value.trim().toUpperCase()}))`;

/** AND of `conditions` (`true` when empty). */
export const allOf = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;

/**
 * The topics or tags of the record `alias`, as a JSON array of `{ slug, name }` ordered by name
 * (`[]` when none): one select-list expression for every view that shows taxonomy.
 */
export const termsJson = (kind: Linkable, vocabulary: Vocabulary, alias: string): RawBuilder<{ slug: string; name: string }[]> =>
  sql<{ slug: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('slug', term.slug, 'name', term.name) order by term.name)
      from ${sql.table(`${kind}_${vocabulary}s`)} link join ${sql.table(`${vocabulary}s`)} term on term.id = ${sql.ref(`link.${vocabulary}_id`)}
     where ${sql.ref(`link.${kind}_id`)} = ${sql.ref(`${alias}.id`)}), '[]'::json)`;

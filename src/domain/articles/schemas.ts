/**
 * Input and filter schemas of articles (TypeBox, i.e. JSON Schema), declared once: the faces
 * validate against them (or against their own dialect's form of them) and the operations take
 * their `Static<>` types.
 * - Admin bodies ({@link ArticleCreate}, {@link ArticlePatch}) are strict; lists replace the whole
 *   set. Taxonomy values are resolved by name or slug, airports by IATA code.
 * - Filters: {@link ArticleListFilter} (the article list), {@link ArticleSearch} (the archive
 *   search with any/exclude lists), {@link ArchiveFilter} (the reader's archive search, facets
 *   and export, in the caller's archive scope).
 */
import { Type, type Static } from 'typebox';
import { CompanyRef } from '../shared/link-refs.js';
import { createOf, FilterList, FilterText, Int4Id, NullableString, patchOf, splitCommaList, Strings, Text, OptionalCommaList } from '../shared/input-schema.js';

/** Every field an administrator may set, named as in the article record. */
const articleFields = {
  edition_id: Type.String({ format: 'uuid', description: 'The edition the article belongs to' }),
  headline: Type.String({ minLength: 1, maxLength: 500 }),
  content: Text(100_000),
  takeaways: Strings('Key takeaways'),
  why_it_matters: Text(10_000),
  region: NullableString({ minLength: 1, maxLength: 100, description: 'Region slug or name; set from the country when omitted' }),
  country: NullableString({ minLength: 1, maxLength: 100, description: 'ISO 3166-1 alpha-2 code or English name' }),
  airports: Strings('Airports: IATA codes, airport ids or airport names (as either edition reads them)'),
  topics: Strings('Topic slugs or names (the controlled vocabulary)'),
  tags: Strings('Tag slugs or names; new tags are created'),
  companies: Type.Array(CompanyRef, { maxItems: 100, description: 'Companies: ids, slugs, names or aliases, or `{ id, slug, name }` as the /v1 article record carries them (replaces the set)' }),
  source_name: NullableString({ maxLength: 300 }),
  source_url: NullableString({ maxLength: 2000, format: 'uri' }),
  sort_order: Type.Integer({ minimum: 0, maximum: 100_000, description: 'Position inside the edition (default: last)' }),
  featured: Type.Boolean(),
};

/** The body of an article create: `edition_id` and `headline` required. */
export const ArticleCreate = createOf(articleFields, { edition_id: articleFields.edition_id, headline: articleFields.headline });
/** An article to create, as {@link ArticleCreate} validates it. */
export type ArticleCreateInput = Static<typeof ArticleCreate>;

/**
 * Fields an article read carries that a write does not set, accepted in an update so that a record
 * read on either edition can be written back as it is (decision 0023). The synonyms `iata_codes`,
 * `country_code` and `region_slug` write `airports`, `country` and `region` when those are absent
 * and must name the same values when both are sent; the others must equal the stored value
 * (`is_saved`, the caller's own flag, and `version`, which `If-Match` carries, are ignored).
 */
const readOnlyFields = {
  id: Type.String({ format: 'uuid', description: 'Read-only: must be the article\'s id' }),
  slug: Type.String({ maxLength: 600, description: 'Read-only: must be the stored slug (it follows the headline)' }),
  kind: Type.String({ maxLength: 20, description: 'Read-only: must be the stored kind' }),
  edition_number: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Read-only: must be the number of the article\'s edition (move it with edition_id)' }),
  publish_date: Type.String({ maxLength: 10, description: 'Read-only: must be the publication date of the article\'s edition' }),
  is_saved: Type.Boolean({ description: 'Read-only, ignored: the caller\'s own flag' }),
  version: Type.String({ maxLength: 64, description: 'Read-only, ignored: the version of the admin read (send it as `If-Match` to make the write conditional; decision 0050)' }),
  iata_codes: Strings('Synonym of airports (the /api/v1 read carries both)'),
  country_code: NullableString({ minLength: 1, maxLength: 100, description: 'Synonym of country' }),
  region_slug: NullableString({ minLength: 1, maxLength: 100, description: 'Synonym of region' }),
};

/** The body of an article update: any field, at least one; the fields of a read are accepted back. */
export const ArticlePatch = patchOf({ ...articleFields, ...readOnlyFields });
/** Fields of an article to change; absent fields stay as they are. */
export type ArticleInput = Static<typeof ArticlePatch>;

// ------------------------------------------------------------------ filters

/** Filters of the article list (/api/v1/articles): single values, all must hold. */
export const ArticleListFilter = Type.Object({
  q: FilterText('Full-text query, web-search syntax: "quoted phrase", OR, -exclusion'),
  region: FilterText('Region name contains this (case-insensitive), e.g. "middle"'),
  country: FilterText('Country name contains this, or equals an ISO 3166-1 alpha-2 code'),
  tag: FilterText('One tag (name or slug) the article must carry'),
  topic: FilterText('One topic (name or slug) the article must carry'),
  airport: FilterText('One airport the article must mention: IATA code or part of the name'),
  edition: Type.Optional(Int4Id('Edition (issue) number')),
});
/** The article list's filters. */
export type ArticleListInput = Static<typeof ArticleListFilter>;

/** The single-valued filters of the archive search (/api/v1/search), in every form of it. */
export const articleSearchTerms = {
  q: FilterText('Keyword query, web-search syntax: "quoted phrase", OR, -exclusion'),
  region: FilterText('Exact region name (or slug), e.g. "Europe"'),
  tag: FilterText('One required tag (name or slug)'),
  topic: FilterText('One required topic (name or slug)'),
  airport: FilterText('One required airport: IATA code or airport name'),
};

/**
 * The archive search (/api/v1/search): {@link articleSearchTerms} (all must hold), lists of which
 * at least one must hold (`any_*`) or none (`exclude_tags`), the year, and whether articles of
 * archived (older imported) editions are included.
 */
export const ArticleSearch = Type.Object({
  ...articleSearchTerms,
  year: Type.Optional(Type.Integer({ minimum: 1000, maximum: 9999, description: 'Four-digit year of the edition publish date' })),
  any_tags: FilterList('At least one of these tags'),
  any_topics: FilterList('At least one of these topics'),
  any_airports: FilterList('At least one of these airports'),
  any_regions: FilterList('Any of these regions'),
  exclude_tags: FilterList('None of these tags'),
  include_archived: Type.Optional(Type.Boolean({ description: 'Also articles of archived (older imported) editions' })),
});
/** An archive search, as {@link ArticleSearch} describes it. */
export type ArticleSearchInput = Static<typeof ArticleSearch>;

/**
 * What a reader may ask of the archive (/v1/search, its facets and export). Term, region and
 * airport values are slugs, IATA codes or ids, as the vocabularies report them.
 */
export const ArchiveFilter = Type.Object({
  q: FilterText('Web-search syntax: words are ANDed, "quoted phrases", OR, -exclusion'),
  region: FilterText('Region slug (as /v1/reference and the facets report), e.g. middle-east'),
  terms: FilterList('Topic or tag slugs; ALL must match'),
  airport: FilterText('Airport database id (UUID) or IATA code'),
  year: Type.Optional(Type.Integer({ minimum: 1000, maximum: 9999, description: 'Four-digit year of the edition publish date' })),
  edition: Type.Optional(Int4Id('Edition number (not id)')),
  mine: Type.Optional(Type.Boolean({ description: "true: only articles matching the reader's favourite topics, tags, regions and airports", default: false })),
  include_events: Type.Optional(Type.Boolean({ description: 'true: also return calendar event items (default: articles only)', default: false })),
});
/** A reader's archive query, as {@link ArchiveFilter} describes it. */
export type ArchiveQuery = Static<typeof ArchiveFilter>;

/** `/v1`'s list parameters (slugs, comma lists, amounts as stated); alert rules validate with them too. */
/** The parameters of `/v1/search` (the archive filter with `terms` comma-separated). */
export const searchParams = { ...ArchiveFilter.properties, terms: OptionalCommaList('Topic or tag slugs; ALL must match') };
/** {@link searchParams} as an object schema. */
export const SearchParams = Type.Object(searchParams);
/** Parameters of `/v1/search`, as {@link SearchParams} validates them. */
export type SearchParams = Static<typeof SearchParams>;
/** The search parameters as the domain's archive query. */
export const searchParamsToQuery = ({ terms, ...rest }: SearchParams): ArchiveQuery => ({ ...rest, terms: splitCommaList(terms) });


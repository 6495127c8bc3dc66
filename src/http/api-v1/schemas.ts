/**
 * The /api/v1 dialect: the `{ data, meta }` envelope, the `{ error }` body, and the record shapes
 * (declared once: they validate, type and document every route of the edition).
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { ArticleView } from '../../domain/articles/article-view.js';
import type { EditionView } from '../../domain/editions/edition-view.js';
import { pageMeta } from '../../domain/pagination.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string that is one of `values` (JSON Schema `enum`: one clear error naming the allowed values). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `{ error: <message> }`, the body of every non-2xx response. */
export const ErrorBody = Type.Object({ error: Type.String({ description: 'What went wrong, for a person to read' }) });

/** Pagination block: four integers. */
export const Meta = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0, description: 'Rows that match, over all pages' }),
  pages: Type.Integer({ minimum: 0 }),
});

/** `{ data: T }` */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });
/** `{ data: T[], meta }` */
export const PagedEnvelope = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: Meta });

/** `{ data, meta }` of one page of presented items. */
export const paged = <T>(items: T[], page: number, limit: number, total: number) => ({ data: items, meta: pageMeta(page, limit, total) });

/** `page` and `limit` with the endpoint's default and maximum of `limit`. */
export const PageQuery = (defaultLimit: number, maxLimit: number) => ({
  page: Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1' }),
  limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit, description: `Items per page (default ${defaultLimit}, max ${maxLimit})` }),
});

/** Error responses common to every authenticated route. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
};

export const Article = Type.Object({
  id: Type.String({ format: 'uuid' }),
  headline: Type.String(),
  slug: Type.String(),
  content: Type.String(),
  takeaways: Type.Array(Type.String()),
  why_it_matters: Type.String(),
  region: Nullable(Type.String({ description: 'Region name, e.g. "Europe"' })),
  region_slug: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'Country name' })),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  airports: Type.Array(Type.String(), { description: 'Airport names' }),
  iata_codes: Type.Array(Type.String(), { description: 'IATA codes of the same airports, in the same order' }),
  topics: Type.Array(Type.String(), { description: 'Topic names' }),
  tags: Type.Array(Type.String(), { description: 'Tag names' }),
  companies: Type.Array(Type.String(), { description: 'Company names' }),
  source_name: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  sort_order: Type.Integer({ description: 'Position of the article inside its edition' }),
  featured: Type.Boolean(),
  edition_number: Type.Integer(),
  publish_date: Type.String({ format: 'date', description: 'Publication date of the edition (YYYY-MM-DD)' }),
});
export type Article = Static<typeof Article>;

export const Edition = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.Integer({ description: 'Issue number' }),
  publish_date: Type.String({ format: 'date' }),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')]),
  summary: Type.String({ description: 'Executive summary' }),
  top_developments: Type.Array(Type.String()),
  key_trends: Type.Array(Type.String()),
  regional_highlights: Type.Array(Type.Object({ region: Type.String(), highlight: Type.String() })),
  key_metrics: Type.Array(
    Type.Object({ label: Type.String(), value: Type.String(), context: Type.Optional(Type.String()) }),
  ),
  article_count: Type.Integer(),
});
export type Edition = Static<typeof Edition>;

export const EditionWithArticles = Type.Intersect([Edition, Type.Object({ articles: Type.Array(Article) })]);

/** An article in this edition's words. */
export function presentArticle(a: ArticleView): Article {
  return {
    id: a.id,
    headline: a.headline,
    slug: a.slug,
    content: a.content,
    takeaways: a.takeaways,
    why_it_matters: a.why_it_matters,
    region: a.region_name,
    region_slug: a.region_slug,
    country: a.country_name,
    country_code: a.country_code,
    airports: a.airports.map((x) => x.name),
    iata_codes: a.airports.map((x) => x.iata),
    topics: a.topics.map((x) => x.name),
    tags: a.tags.map((x) => x.name),
    companies: a.companies.map((x) => x.name),
    source_name: a.source_name,
    source_url: a.source_url,
    sort_order: a.sort_order,
    featured: a.featured,
    edition_number: a.edition_number,
    publish_date: a.publish_date,
  };
}

/** An edition in this edition's words. */
export function presentEdition(e: EditionView): Edition {
  return {
    id: e.id,
    number: e.number,
    publish_date: e.publish_date,
    status: e.status,
    summary: e.summary,
    top_developments: e.top_developments,
    key_trends: e.key_trends,
    regional_highlights: e.regional_highlights,
    key_metrics: e.key_metrics,
    article_count: e.article_count,
  };
}

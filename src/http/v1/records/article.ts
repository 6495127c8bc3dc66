/**
 * The article record of the /v1 edition (seed 001, section 2) plus `kind`, `source_url`,
 * `edition_number` and the slugs of its topics, tags and airports' IATA codes (the values the
 * search parameters take), and the companies it names (id, slug, name: decision 0056); the CSV columns of the search export.
 */
import { Type, type Static } from 'typebox';
import type { ArchiveHit, ArticleCsvField, ArticleView } from '../../../domain/articles/index.js';
import { csvColumns, type CsvColumnSpec } from '../../../domain/csv-export.js';
import { pick } from '../../records/pick.js';
import { Nullable, component } from '../../schema.js';
import { v1ArticleExample } from '../../examples.js';

/** One piece of a highlighted text (decision 0044): plain text; `match` marks the query's terms. */
export const HighlightFragment = component('V1HighlightFragment', Type.Object({
  text: Type.String({ description: 'Plain text, never markup: render it as text' }),
  match: Type.Boolean({ description: 'true: the query matched these words (e.g. wrap them in <mark>)' }),
}, { title: 'Highlight fragment' }), { text: 'substation fire', match: true });

/** A company an article names: its profile is `GET /v1/companies/{slug}` (or `{id}`). */
export const ArticleCompany = component('V1ArticleCompany', Type.Object({
  id: Type.String({ format: 'uuid' }),
  slug: Type.String({ description: 'As GET /v1/companies/{ref} takes it (the web app\'s page is /companies/{slug})' }),
  name: Type.String(),
}, { title: 'ArticleCompany' }), { id: '6f1c2a4e-0b7d-4c1e-9a55-3d2b8e7f9a10', slug: 'heathrow-airport-holdings', name: 'Heathrow Airport Holdings' });

export const Article = component('V1Article', Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Union([Type.Literal('article'), Type.Literal('event')], { description: 'event: an events-calendar item from reporting' }),
  headline: Type.String(),
  slug: Type.String(),
  content: Type.String(),
  takeaways: Type.Array(Type.String()),
  why_it_matters: Type.String(),
  region: Nullable(Type.String({ description: 'Region name' })),
  region_slug: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  source_name: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  edition_id: Type.String({ format: 'uuid' }),
  edition_number: Type.Integer(),
  publish_date: Type.String({ format: 'date', description: 'Publication date of the edition' }),
  featured: Type.Boolean(),
  topics: Type.Array(Type.String(), { description: 'Topic slugs' }),
  tags: Type.Array(Type.String(), { description: 'Tag slugs' }),
  airports: Type.Array(Type.String(), { description: 'IATA codes of the airports it mentions' }),
  companies: Type.Array(ArticleCompany, { description: 'The companies it names, by name (each profile: GET /v1/companies/{slug})' }),
  is_saved: Type.Boolean({ description: "In the caller's saved articles" }),
  highlight: Type.Optional(Type.Object({
    headline: Type.Array(HighlightFragment, { description: 'The whole headline as fragments' }),
    snippet: Type.Array(HighlightFragment, { description: 'Up to 2 passages (≤ 30 words each) of why_it_matters then content, joined by " … "; the start of the text when only the headline matched' }),
  }, { description: 'Only in answers of `GET /v1/search?highlight=true` with a `q` (decision 0044): the matches marked by PostgreSQL ts_headline, as plain-text fragments whose concatenation is the text' })),
}, { title: 'Article' }), v1ArticleExample);
export type Article = Static<typeof Article>;

/** An article in this edition's words. */
export const presentArticle = (a: ArticleView & { is_saved: boolean }): Article => ({
  id: a.id,
  kind: a.kind === 'event' ? 'event' : 'article',
  ...pick(a, 'headline', 'slug', 'content', 'takeaways', 'why_it_matters'),
  region: a.region_name,
  ...pick(a, 'region_slug', 'country_code', 'source_name', 'source_url', 'edition_id', 'edition_number', 'publish_date', 'featured'),
  topics: a.topics.map((t) => t.slug),
  tags: a.tags.map((t) => t.slug),
  airports: a.airports.map((x) => x.iata),
  companies: a.companies.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
  is_saved: a.is_saved,
});

/** Columns of `GET /v1/search/export` (seed 001: no article text): header and the domain field it shows. */
export const ARTICLE_CSV_COLUMNS: readonly CsvColumnSpec<ArticleCsvField>[] = csvColumns<ArticleCsvField>([
  'headline', 'why_it_matters', ['topics', 'topic_names'], ['source', 'source_name'], ['link', 'source_url'],
]);

/** A search result: the article record; `highlight` is set when asked for (`highlight=true` with `q`). */
export type SearchHit = Article;

/** A search result in this edition's words (`highlight` when the domain computed it). */
export const presentSearchHit = (a: ArchiveHit): SearchHit => ({
  ...presentArticle(a),
  ...(a.highlight ? { highlight: a.highlight } : {}),
});

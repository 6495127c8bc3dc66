/**
 * The article record of the /api/v1 edition: its schema and how an `ArticleView` is presented
 * (names for region, country, airports, topics, tags and companies; codes beside them).
 */
import { Type, type Static } from 'typebox';
import type { ArticleView } from '../../../domain/articles/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, component } from '../../schema.js';
import { articleExample } from '../../examples.js';

export const Article = component('ApiV1Article', Type.Object({
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
}), articleExample);
export type Article = Static<typeof Article>;

/** An article in this edition's words. */
export function presentArticle(a: ArticleView): Article {
  return {
    ...pick(a, 'id', 'headline', 'slug', 'content', 'takeaways', 'why_it_matters'),
    region: a.region_name,
    region_slug: a.region_slug,
    country: a.country_name,
    country_code: a.country_code,
    airports: a.airports.map((x) => x.name),
    iata_codes: a.airports.map((x) => x.iata),
    topics: a.topics.map((x) => x.name),
    tags: a.tags.map((x) => x.name),
    companies: a.companies.map((x) => x.name),
    ...pick(a, 'source_name', 'source_url', 'sort_order', 'featured', 'edition_number', 'publish_date'),
  };
}


/**
 * Input schemas of articles (TypeBox, i.e. JSON Schema): both editions' admin routes validate
 * against them, and the operations take their `Static<>` types. Bodies are strict; lists replace
 * the whole set. Taxonomy values are resolved by name or slug, airports by IATA code.
 */
import { Type, type Static } from 'typebox';
import { createOf, NullableString, patchOf, Strings, Text } from '../shared/input-schema.js';

/** Every field an administrator may set, named as in the article record. */
const articleFields = {
  edition_id: Type.String({ format: 'uuid', description: 'The edition the article belongs to' }),
  headline: Type.String({ minLength: 1, maxLength: 500 }),
  content: Text(100_000),
  takeaways: Strings('Key takeaways'),
  why_it_matters: Text(10_000),
  region: NullableString({ maxLength: 100, description: 'Region slug or name; set from the country when omitted' }),
  country: NullableString({ maxLength: 100, description: 'ISO 3166-1 alpha-2 code or English name' }),
  airports: Strings('IATA codes'),
  topics: Strings('Topic slugs or names (the controlled vocabulary)'),
  tags: Strings('Tag slugs; new tags are created'),
  source_name: NullableString({ maxLength: 300 }),
  source_url: NullableString({ maxLength: 2000, format: 'uri' }),
  sort_order: Type.Integer({ minimum: 0, maximum: 100_000, description: 'Position inside the edition (default: last)' }),
  featured: Type.Boolean(),
};

/** The body of an article create: `edition_id` and `headline` required. */
export const ArticleCreate = createOf(articleFields, { edition_id: articleFields.edition_id, headline: articleFields.headline });
/** An article to create, as {@link ArticleCreate} validates it. */
export type ArticleCreateInput = Static<typeof ArticleCreate>;

/** The body of an article update: any field, at least one. */
export const ArticlePatch = patchOf(articleFields);
/** Fields of an article to change; absent fields stay as they are. */
export type ArticleInput = Static<typeof ArticlePatch>;

/**
 * The edition-neutral shape of an article, and the query that selects it.
 * Each face presents this shape in its own dialect (names, envelope).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { termsJson } from '../shared/sql-filters.js';

/** A taxonomy term attached to an article. */
export interface Term {
  slug: string;
  name: string;
}

/** An airport attached to an article. */
export interface AirportRef {
  id: string;
  iata: string;
  name: string;
}

/** An article with its edition and taxonomy. Source: tables `articles`, `editions` and the link tables. */
export interface ArticleView {
  id: string;
  kind: string;
  headline: string;
  slug: string;
  content: string;
  takeaways: string[];
  why_it_matters: string;
  region_slug: string | null;
  region_name: string | null;
  country_code: string | null;
  country_name: string | null;
  source_name: string | null;
  source_url: string | null;
  sort_order: number;
  featured: boolean;
  module: string | null;
  edition_id: string;
  edition_number: number;
  edition_status: string;
  /** `YYYY-MM-DD`, the edition's publication date */
  publish_date: string;
  topics: Term[];
  tags: Term[];
  airports: AirportRef[];
  companies: { id: string; name: string }[];
}

/** Selects `ArticleView` rows of the articles `a` that satisfy `ids` (or of all articles when `null`). */
export function selectArticleViews(db: Kysely<DB>, ids: Expression<SqlBool> | null) {
  return db
    .selectFrom('articles as a')
    .innerJoin('editions as e', 'e.id', 'a.edition_id')
    .leftJoin('regions as r', 'r.slug', 'a.region_slug')
    .leftJoin('countries as c', 'c.code', 'a.country_code')
    .$if(ids !== null, (qb) => qb.where(ids!))
    .select((eb) => [
      'a.id',
      'a.kind',
      'a.headline',
      'a.slug',
      'a.content',
      'a.takeaways',
      'a.why_it_matters',
      'a.region_slug',
      'r.name as region_name',
      'a.country_code',
      'c.name as country_name',
      'a.source_name',
      'a.source_url',
      'a.sort_order',
      'a.featured',
      'a.module',
      'a.edition_id',
      'e.number as edition_number',
      'e.status as edition_status',
      'e.publish_date',
      termsJson('article', 'topic', 'a').as('topics'),
      termsJson('article', 'tag', 'a').as('tags'),
      jsonArrayFrom(
        eb
          .selectFrom('article_airports as aa')
          .innerJoin('airports as ap', 'ap.id', 'aa.airport_id')
          .select(['ap.id', 'ap.iata', 'ap.name'])
          .whereRef('aa.article_id', '=', 'a.id')
          .orderBy('ap.iata'),
      ).as('airports'),
      jsonArrayFrom(
        eb
          .selectFrom('article_companies as ac')
          .innerJoin('companies as co', 'co.id', 'ac.company_id')
          .select(['co.id', 'co.name'])
          .whereRef('ac.article_id', '=', 'a.id')
          .orderBy('co.name'),
      ).as('companies'),
    ]);
}

/** Loads the views of `ids`, returned in the order of `ids` (missing ids are skipped). */
export async function loadArticleViews(db: Kysely<DB>, ids: string[]): Promise<ArticleView[]> {
  if (ids.length === 0) return [];
  const rows = (await selectArticleViews(db, sql<SqlBool>`a.id = any(${ids}::uuid[])`).execute()) as ArticleView[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

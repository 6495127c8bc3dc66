/**
 * The SQL of articles (tables `articles`, `editions` and the link tables): the edition-neutral
 * view of an article and the query that selects it (each face presents the view in its own
 * dialect), and the write path shared by the admin operations (create-, update-, delete-article.ts)
 * and the inbox's promotion: resolving taxonomy, slugs, link sets and inserting into an edition.
 * The writes run in the caller's transaction. The search engine over these views is
 * ./search-engine.ts.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { resolveAirports, resolveCountry, resolveRegion } from '../sql/vocabulary.js';
import { invalidParam, notFound } from '../errors.js';
import { recomputeEditionRollups } from '../sql/rollups.js';
import { replaceAirportLinks, replaceCompanyLinks, replaceTermLinks } from '../sql/entity-links.js';
import { termsJson } from '../shared/sql-filters.js';
import { slugify } from '../slug.js';
import { recordVersion } from '../sql/record-version.js';
import type { ArticleCreateInput, ArticleInput } from './schemas.js';

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
  /** The companies it names, by name; `slug` as `/v1/companies/{ref}` takes it */
  companies: { id: string; slug: string; name: string }[];
}

/** An article as the editors' faces read and write it: the view with its version. */
export interface AdminArticleView extends ArticleView {
  /** The stored row's version (an MD5 of the row as text): the admin faces' ETag (decision 0050). */
  record_version: string;
}

/**
 * Selects `ArticleView` rows of the articles `a` that satisfy `ids` (or of all articles when
 * `null`); with `withVersion`, `AdminArticleView` rows (`record_version` too).
 */
export function selectArticleViews(db: Kysely<DB>, ids: Expression<SqlBool> | null, { withVersion = false } = {}) {
  return db
    .selectFrom('articles as a')
    .innerJoin('editions as e', 'e.id', 'a.edition_id')
    .leftJoin('regions as r', 'r.slug', 'a.region_slug')
    .leftJoin('countries as c', 'c.code', 'a.country_code')
    .$if(ids !== null, (qb) => qb.where(ids!))
    // Only the editors' reads hash the row (readers' lists never pay for it).
    .$if(withVersion, (qb) => qb.select(recordVersion('a').as('record_version')))
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
          .select(['co.id', 'co.slug', 'co.name'])
          .whereRef('ac.article_id', '=', 'a.id')
          .orderBy('co.name'),
      ).as('companies'),
    ]);
}

let viewsSql: string | undefined;

/**
 * The text of `selectArticleViews(db, null)` — the view columns of `articles a` with its joins, no
 * WHERE and no parameters — compiled once per process (the query builder costs ~0.5 ms a request),
 * for statements that append `where <condition on a>` (e.g. a LATERAL join per row of a page).
 */
export function articleViewsSql(db: Kysely<DB>): string {
  viewsSql ??= selectArticleViews(db, null).compile().sql;
  return viewsSql;
}

/** Loads the views of `ids`, returned in the order of `ids` (missing ids are skipped). */
export async function loadArticleViews(db: Kysely<DB>, ids: string[]): Promise<ArticleView[]> {
  if (ids.length === 0) return [];
  const rows = await selectArticleViews(db, sql<SqlBool>`a.id = any(${ids}::uuid[])`).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

// ------------------------------------------------------------------ the write path

/**
 * One article in any edition status with its version, without a visibility rule: the loader of
 * the write path and the editors' read (readers go through `getArticle`, which hides drafts).
 * @throws DomainError NOT_FOUND
 */
export async function loadArticle(db: Kysely<DB>, id: string): Promise<AdminArticleView> {
  const a = await selectArticleViews(db, sql<SqlBool>`a.id = ${id}::uuid`, { withVersion: true }).executeTakeFirst();
  if (!a) throw notFound(`Article ${id}`);
  return a as AdminArticleView;
}

/** A slug unique inside the edition. */
export async function freeSlug(db: Kysely<DB>, editionId: string, headline: string, exceptId?: string): Promise<string> {
  const base = slugify(headline) || 'article';
  const taken = new Set((await db.selectFrom('articles').select('slug').where('edition_id', '=', editionId)
    .where('slug', 'like', `${base}%`).$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!)).execute()).map((r) => r.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Checks that edition `id` exists and locks it (`FOR NO KEY UPDATE`) until the transaction ends, so
 * that concurrent article writes into one edition take turns: each picks its slug and sort order
 * after the one before it committed (ten parallel creates of one headline get ten slugs, as ten
 * sequential ones would, instead of a unique-key race).
 * @throws DomainError VALIDATION naming `edition_id` when there is no such edition.
 */
export async function requireEdition(db: Kysely<DB>, id: string): Promise<void> {
  const e = await db.selectFrom('editions').select('id').where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!e) throw invalidParam('edition_id', `no edition ${id}`);
}

/** Resolves the taxonomy of `input` and writes the columns and link sets it names (`now`: `updated_at`). */
export async function writeArticle(trx: Kysely<DB>, id: string, input: ArticleInput, now: Date): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const k of ['headline', 'content', 'takeaways', 'why_it_matters', 'source_name', 'source_url', 'sort_order', 'featured', 'edition_id'] as const) {
    if (input[k] !== undefined) set[k] = input[k];
  }
  if (input.country !== undefined) {
    if (input.country === null) set.country_code = null;
    else {
      const c = await resolveCountry(trx, input.country);
      set.country_code = c.code;
      if (input.region === undefined) set.region_slug = c.region_slug;
    }
  }
  if (input.region !== undefined) set.region_slug = input.region === null ? null : await resolveRegion(trx, input.region);
  // A change of the link sets is a write of the article too: it stamps `updated_at`, so its version moves (decision 0050).
  const links = input.topics !== undefined || input.tags !== undefined || input.airports !== undefined || input.companies !== undefined;
  if (Object.keys(set).length || links) await trx.updateTable('articles').set({ ...set, updated_at: now }).where('id', '=', id).execute();
  // The link sets through the one link writer of projects, tenders and articles (src/domain/links).
  await replaceTermLinks(trx, 'article', id, { topics: input.topics, tags: input.tags });
  if (input.airports) await replaceAirportLinks(trx, 'article', id, input.airports);
  if (input.companies) await replaceCompanyLinks(trx, 'article', id, input.companies);
}

/**
 * Folds the fields of an article read that an update carries back (`ArticlePatch`'s read-only
 * fields) into the update: the synonyms `iata_codes`, `country_code`, `region_slug` become
 * `airports`, `country`, `region` (when both are sent they must resolve alike), the read-only
 * fields must equal the stored values of `before`. Returns the update without them.
 * @throws DomainError VALIDATION naming the field whose value differs or does not resolve
 */
export async function foldReadFields(trx: Kysely<DB>, before: ArticleView, input: ArticleInput): Promise<ArticleInput> {
  const { id, slug, kind, edition_number, publish_date, is_saved: _saved, version: _version, iata_codes, country_code, region_slug, ...rest } = input;
  const stored: [string, unknown, unknown][] = [['id', id, before.id], ['slug', slug, before.slug], ['kind', kind, before.kind],
    ['edition_number', edition_number, before.edition_number], ['publish_date', publish_date, before.publish_date]];
  for (const [field, sent, value] of stored) {
    if (sent !== undefined && String(sent).toLowerCase() !== String(value).toLowerCase()) {
      throw invalidParam(field, `${field} is read-only: it is "${String(value)}", not "${String(sent)}"`);
    }
  }
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  if (iata_codes !== undefined) {
    if (rest.airports === undefined) rest.airports = iata_codes;
    else if (!sameSet(await resolveAirports(trx, iata_codes, 'iata_codes'), await resolveAirports(trx, rest.airports))) {
      throw invalidParam('iata_codes', 'iata_codes and airports name different airports; send one of them');
    }
  }
  if (country_code !== undefined) {
    if (rest.country === undefined) rest.country = country_code;
    else if ((country_code === null) !== (rest.country === null)
      || (country_code !== null && (await resolveCountry(trx, country_code, 'country_code')).code !== (await resolveCountry(trx, rest.country!)).code)) {
      throw invalidParam('country_code', 'country_code and country name different countries; send one of them');
    }
  }
  if (region_slug !== undefined) {
    if (rest.region === undefined) rest.region = region_slug;
    else if ((region_slug === null) !== (rest.region === null)
      || (region_slug !== null && (await resolveRegion(trx, region_slug, 'region_slug')) !== (await resolveRegion(trx, rest.region!)))) {
      throw invalidParam('region_slug', 'region_slug and region name different regions; send one of them');
    }
  }
  return rest;
}

/** Projects the article mentions (`article_projects`). */
export async function projectsOfArticle(db: Kysely<DB>, id: string): Promise<string[]> {
  return (await db.selectFrom('article_projects').select('project_id').where('article_id', '=', id).execute()).map((r) => r.project_id);
}

/**
 * Inserts an article into an edition (last in the edition unless `sort_order` is given); the
 * building block of `createArticle` and of promoting an inbox item. Runs in the caller's transaction.
 */
export async function insertArticle(trx: Kysely<DB>, input: ArticleCreateInput, now: Date): Promise<string> {
  await requireEdition(trx, input.edition_id);
  const last = await trx.selectFrom('articles').select((eb) => eb.fn.max('sort_order').as('m')).where('edition_id', '=', input.edition_id).executeTakeFirst();
  const row = await trx.insertInto('articles').values({
    edition_id: input.edition_id,
    headline: input.headline,
    slug: await freeSlug(trx, input.edition_id, input.headline),
    sort_order: input.sort_order ?? Number(last?.m ?? 0) + 1,
  }).returning('id').executeTakeFirstOrThrow();
  const { sort_order: _s, edition_id: _e, headline: _h, ...rest } = input;
  await writeArticle(trx, row.id, rest, now);
  await recomputeEditionRollups(trx, input.edition_id);
  return row.id;
}


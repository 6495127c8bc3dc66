/**
 * The article write path shared by the admin operations (create-article.ts, update-article.ts,
 * delete-article.ts) and the inbox's promotion: resolving taxonomy, slugs, link sets and inserting
 * into an edition. Each runs in the caller's transaction.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { resolveAirports, resolveCountry, resolveRegion, resolveTags, resolveTopics } from '../admin/taxonomy.js';
import { invalidParam, notFound } from '../errors.js';
import { recomputeEditionRollups } from '../editions/repository.js';
import { slugify } from '../slug.js';
import { loadArticleViews, type ArticleView } from './repository.js';
import type { ArticleCreateInput, ArticleInput } from './schemas.js';

/** One article in any edition. @throws DomainError NOT_FOUND */
export async function getArticleById(db: Kysely<DB>, id: string): Promise<ArticleView> {
  const [a] = await loadArticleViews(db, [id]);
  if (!a) throw notFound(`Article ${id}`);
  return a;
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

/** @throws DomainError VALIDATION naming `edition_id` when there is no such edition. */
export async function requireEdition(db: Kysely<DB>, id: string): Promise<void> {
  const e = await db.selectFrom('editions').select('id').where('id', '=', id).executeTakeFirst();
  if (!e) throw invalidParam('edition_id', `no edition ${id}`);
}

/** Resolves the taxonomy of `input` and writes the columns and link sets it names. */
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
  const topicIds = input.topics && (await resolveTopics(trx, input.topics));
  const tagIds = input.tags && (await resolveTags(trx, input.tags));
  const airportIds = input.airports && (await resolveAirports(trx, input.airports));
  if (Object.keys(set).length) await trx.updateTable('articles').set({ ...set, updated_at: now }).where('id', '=', id).execute();
  if (topicIds) {
    await trx.deleteFrom('article_topics').where('article_id', '=', id).execute();
    if (topicIds.length) await trx.insertInto('article_topics').values(topicIds.map((topic_id) => ({ article_id: id, topic_id }))).execute();
  }
  if (tagIds) {
    await trx.deleteFrom('article_tags').where('article_id', '=', id).execute();
    if (tagIds.length) await trx.insertInto('article_tags').values(tagIds.map((tag_id) => ({ article_id: id, tag_id }))).execute();
  }
  if (airportIds) {
    await trx.deleteFrom('article_airports').where('article_id', '=', id).execute();
    if (airportIds.length) await trx.insertInto('article_airports').values(airportIds.map((airport_id) => ({ article_id: id, airport_id }))).execute();
  }
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


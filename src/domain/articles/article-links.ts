/**
 * An article's entity links (administrators): its topics and tags, airports and companies, read
 * together and replaced set by set. The replacements are updates of the article (`updateArticle`:
 * one transaction, the same resolvers and the same audit entry as a PATCH of those fields).
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { refValue, type AirportRef, type CompanyRef, type LinkedAirport, type TermRef } from '../shared/link-refs.js';
import { loadArticle, type ArticleView, type Term } from './repository.js';
import { updateArticle } from './update-article.js';

/** The entity links of an article. Source: `article_topics`, `article_tags`, `article_airports`, `article_companies`. */
export interface ArticleLinks {
  article_id: string;
  topics: Term[];
  tags: Term[];
  /** In the shape of every links read: `{ id, iata_code, name }`. */
  airports: LinkedAirport[];
  companies: { id: string; name: string }[];
}

/** Link sets to replace; each item as the resolvers accept it or as the links read returns it. */
export interface ArticleLinkSets {
  topics?: TermRef[] | undefined;
  tags?: TermRef[] | undefined;
  airports?: AirportRef[] | undefined;
  companies?: CompanyRef[] | undefined;
}

const linksOf = (a: ArticleView): ArticleLinks => ({
  article_id: a.id, topics: a.topics, tags: a.tags, airports: a.airports.map(({ id, iata, name }) => ({ id, iata_code: iata, name })), companies: a.companies.map(({ id, name }) => ({ id, name })),
});
const values = (refs: (string | Parameters<typeof refValue>[0])[] | undefined) => refs?.map(refValue);

/** The topics, tags, airports and companies of article `id` (any edition status). @throws DomainError FORBIDDEN, NOT_FOUND */
export async function getArticleLinks(ctx: Ctx, id: string): Promise<ArticleLinks> {
  requireAdmin(ctx.identity);
  return linksOf(await loadArticle(ctx.db, id));
}

/**
 * Replaces one or more link sets of article `id` (`topics`, `tags`, `airports`, `companies`; each
 * value as the resolvers accept it) and returns all links. Audited as an update of the article.
 * @throws DomainError NOT_FOUND, VALIDATION naming the field and the value that did not resolve
 */
export async function replaceArticleLinks(ctx: Ctx, id: string, sets: ArticleLinkSets): Promise<ArticleLinks> {
  const { topics, tags, airports, companies } = sets;
  return linksOf(await updateArticle(ctx, id, {
    ...(topics ? { topics: values(topics) } : {}), ...(tags ? { tags: values(tags) } : {}),
    ...(airports ? { airports: values(airports) } : {}), ...(companies ? { companies: values(companies) } : {}),
  }));
}

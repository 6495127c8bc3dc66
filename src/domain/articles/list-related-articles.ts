/**
 * Related articles (/v1/articles/{id}/related): other articles of published editions that share
 * entities with the given one, scored as
 *   3 × shared airports + 2 × shared topics + 2 × shared tags + 1 × same country + 1 × same region,
 * best first, then newest. A candidate must share at least one airport, topic or tag (place alone
 * relates too much), so an article without entity links has no related articles.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { loadArticleViews, type ArticleView } from './repository.js';
import { getArticle } from './get-article.js';
import { withSaved, type ReaderArticle } from './saved-articles.js';

/** Weights of the relatedness score. */
export const RELATED_WEIGHTS = { airport: 3, topic: 2, tag: 2, country: 1, region: 1 } as const;

/** Up to `limit` articles related to article `id`, best first, with saved flags. @throws DomainError NOT_FOUND */
export async function listRelatedArticles(ctx: Ctx, id: string, limit: number): Promise<ReaderArticle[]> {
  return withSaved(ctx, await relatedArticles(ctx, id, limit));
}

/** Up to `limit` articles related to article `id`, best first. @throws DomainError NOT_FOUND */
async function relatedArticles(ctx: Ctx, id: string, limit: number): Promise<ArticleView[]> {
  const source = await getArticle(ctx, id);
  const W = RELATED_WEIGHTS;
  const { rows } = await sql<{ id: string }>`
    with shared as (
      select l.article_id as id, ${W.topic}::int as w from article_topics s join article_topics l on l.topic_id = s.topic_id
       where s.article_id = ${id}::uuid and l.article_id <> ${id}::uuid
      union all
      select l.article_id, ${W.tag} from article_tags s join article_tags l on l.tag_id = s.tag_id
       where s.article_id = ${id}::uuid and l.article_id <> ${id}::uuid
      union all
      select l.article_id, ${W.airport} from article_airports s join article_airports l on l.airport_id = s.airport_id
       where s.article_id = ${id}::uuid and l.article_id <> ${id}::uuid
    ), scored as (
      select s.id, sum(s.w) as w from shared s group by s.id
    )
    select a.id from scored
      join articles a on a.id = scored.id
      join editions e on e.id = a.edition_id
     where e.status = 'published' and a.kind = 'article'
     order by scored.w
            + case when a.country_code is not null and a.country_code = ${source.country_code} then ${W.country} else 0 end
            + case when a.region_slug is not null and a.region_slug = ${source.region_slug} then ${W.region} else 0 end desc,
              e.publish_date desc, a.sort_order, a.id
     limit ${limit}`.execute(ctx.db);
  return loadArticleViews(ctx.db, rows.map((r) => r.id));
}

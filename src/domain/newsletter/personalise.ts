/**
 * Personalised order of a digest: the articles a reader's interests match come first, the best
 * match first; ties keep the edition's own order. Weights: airport 3, topic 2, region 2, company 2,
 * country 1, tag 1 (an airport names the story most precisely; a tag least).
 */
import type { ArticleView } from '../articles/index.js';
import type { Interest } from './recipients.js';

export const INTEREST_WEIGHTS: Record<Interest['kind'], number> = { airport: 3, topic: 2, region: 2, company: 2, country: 1, tag: 1 };

/** An article with the reasons it matched a reader. */
export interface RankedArticle {
  article: ArticleView;
  score: number;
  /** Human names of what matched, e.g. `London Heathrow Airport`, `Runways & airfield`. */
  matched: string[];
}

/** How well `article` matches `interests`. */
export function scoreArticle(article: ArticleView, interests: Interest[]): RankedArticle {
  let score = 0;
  const matched: string[] = [];
  for (const i of interests) {
    let hit: string | undefined;
    switch (i.kind) {
      case 'airport': hit = article.airports.find((a) => a.iata === i.ref.toUpperCase())?.name; break;
      case 'topic': hit = article.topics.find((t) => t.slug === i.ref)?.name; break;
      case 'tag': hit = article.tags.find((t) => t.slug === i.ref)?.name; break;
      case 'region': hit = article.region_slug === i.ref ? article.region_name ?? i.ref : undefined; break;
      case 'country': hit = article.country_code === i.ref.toUpperCase() ? article.country_name ?? i.ref : undefined; break;
      case 'company': hit = article.companies.find((c) => c.id === i.ref)?.name; break;
    }
    if (hit) {
      score += INTEREST_WEIGHTS[i.kind];
      matched.push(hit);
    }
  }
  return { article, score, matched };
}

/** The edition's articles in the reader's order (stable: equal scores keep `sort_order`). */
export function orderForReader(articles: ArticleView[], interests: Interest[]): RankedArticle[] {
  return articles
    .map((a) => scoreArticle(a, interests))
    .sort((x, y) => y.score - x.score || x.article.sort_order - y.article.sort_order);
}

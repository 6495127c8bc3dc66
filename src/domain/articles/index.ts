/**
 * Articles: the archive engine (article-query.ts), the reader's operations (reader-articles.ts:
 * search, facets, export, per airport, per edition, one, related; each with `is_saved`), the admin
 * writes (create-, update-, delete-article.ts over write-article.ts) and their input schemas. What the faces may import.
 */
export * from './schemas.js';
export type { AirportRef, ArticleView, Term } from './repository.js';
export type { ArticleFilter } from './article-query.js';
export type { ArticleFacets } from './facet-articles.js';
export { RELATED_WEIGHTS } from './list-related-articles.js';
export { getArticle, searchArticles } from './search-articles.js';
export {
  exportArchive, facetArchive, getReaderArticle, listEditionArticles, listRelatedArticles, searchArchive,
  type ArchiveQuery, type ReaderArticle,
} from './reader-articles.js';
export { createArticle } from './create-article.js';
export { updateArticle } from './update-article.js';
export { deleteArticle } from './delete-article.js';

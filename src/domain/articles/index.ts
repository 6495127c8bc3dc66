/**
 * Articles: the search engine of every face (search-engine.ts over the views of repository.ts, with
 * the common words' postings of common-words.ts),
 * one operation per file (list-, get-, search-, facet-, export-archive, search-archive, list-related-articles;
 * the reader's with `is_saved`, in the caller's archive scope), the admin writes (create-,
 * update-, delete-article) and their input and filter schemas. What the faces may import.
 */
export * from './schemas.js';
export type { AdminArticleView, AirportRef, ArticleView, Term } from './repository.js';
export { insertArticle, loadArticle, loadArticleViews } from './repository.js';
export { findArticles, matchingArticleIds, type ArticleFilter } from './search-engine.js';
export {
  articleJobs, COMMON_WORD_MIN_ARTICLES, commonWordOf, PHRASE_STATISTICS_SAMPLE_ROWS, POSTINGS_PER_WORD, refreshCommonWords, REFRESH_COMMON_WORDS_JOB, WORD_STATISTICS_SAMPLE_ROWS,
  type CommonWordsReport, type RefreshCommonWordsOptions,
} from './common-words.js';
export { withSaved, type ReaderArticle } from './saved-articles.js';
export { archiveScope } from './archive-scope.js';
export { listArticles } from './list-articles.js';
export { getArticle, getReaderArticle } from './get-article.js';
export { getAdminArticle } from './get-admin-article.js';
export { searchArticles } from './search-articles.js';
export { searchArchive, type ArchiveHit, type SearchArchiveOptions } from './search-archive.js';
export { fragmentsOf, highlightArticles, type ArticleHighlight, type HighlightFragment } from './highlight.js';
export { listArticlesOfCompanies } from './list-articles-of-companies.js';
export { facetArchive, facetArticles, type ArticleFacets } from './facet-articles.js';
export { exportArchive, type ArticleCsvField } from './export-archive.js';
export { listRelatedArticles, RELATED_WEIGHTS } from './list-related-articles.js';
export { createArticle } from './create-article.js';
export { updateArticle } from './update-article.js';
export { deleteArticle } from './delete-article.js';
export { getArticleLinks, replaceArticleLinks, type ArticleLinks } from './article-links.js';
export {
  AUTO_LINK_THRESHOLD, autoLinkArticleProjects, CANDIDATE_WEIGHTS, listArticleProjects, rankProjectCandidates, replaceArticleProjects, titleKeywords,
  type ArticleProjectLink, type AutoLinkResult, type CandidateReason, type ProjectCandidate,
} from './article-projects.js';

/** The reader's library and dashboard (saved articles, watchlist, reads): what faces may import. */
export { saveArticle, unsaveArticle } from './save-article.js';
export { listSavedArticles, type SavedArticleView } from './list-saved-articles.js';
export { watchProject, unwatchProject } from './watch-project.js';
export { listWatchlist } from './list-watchlist.js';
export { recordArticleView, VIEW_WINDOW_MS, type ViewResult } from './record-article-view.js';
export { listMostRead, listRecentlyViewed, MOST_READ_DAYS, type MostReadArticle, type RecentlyViewedArticle } from './dashboard.js';

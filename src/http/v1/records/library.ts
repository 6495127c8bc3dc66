/**
 * Records of the reader's own state on /v1: a saved article (the article record plus `saved_at`),
 * a most-read entry (plus `readers`), a recently viewed one (plus `viewed_at`), a read, the
 * result of an un-save or un-watch, and the delivery preferences.
 */
import { Type, type Static } from 'typebox';
import type { MostReadArticle, RecentlyViewedArticle, SavedArticleView, ViewResult } from '../../../domain/library/index.js';
import { PreferencesInput } from '../../../domain/preferences/index.js';
import { component } from '../../schema.js';
import { v1ArticleExample } from '../../examples.js';
import { Article, presentArticle } from './article.js';

const props = (Article as unknown as { properties: Record<string, never> }).properties;

export const SavedArticle = component('V1SavedArticle', Type.Object({
  ...props,
  saved_at: Type.String({ format: 'date-time', description: 'When the caller saved it' }),
}, { title: 'SavedArticle' }), { ...v1ArticleExample, is_saved: true, saved_at: '2026-11-20T09:15:00.000Z' });

export const MostRead = component('V1MostReadArticle', Type.Object({
  ...props,
  readers: Type.Integer({ minimum: 0, description: 'Distinct readers over the last 30 days' }),
}, { title: 'MostReadArticle' }), { ...v1ArticleExample, readers: 12 });

export const RecentlyViewed = component('V1RecentlyViewedArticle', Type.Object({
  ...props,
  viewed_at: Type.String({ format: 'date-time', description: 'When the caller last read it' }),
}, { title: 'RecentlyViewedArticle' }), { ...v1ArticleExample, viewed_at: '2026-11-21T08:00:00.000Z' });

export const ArticleRead = component('V1ArticleRead', Type.Object({
  article_id: Type.String({ format: 'uuid' }),
  counted: Type.Boolean({ description: 'false when it falls within 30 minutes of an earlier counted read (a reload)' }),
  viewed_at: Type.String({ format: 'date-time', description: 'The counted read this one belongs to' }),
}, { title: 'ArticleRead' }), { article_id: v1ArticleExample.id, counted: true, viewed_at: '2026-11-21T10:00:00.000Z' });

export const Unsaved = Type.Object({ id: Type.String({ format: 'uuid' }), is_saved: Type.Literal(false) });
export const Unwatched = Type.Object({ id: Type.String({ format: 'uuid' }), is_watched: Type.Literal(false) });

export const Preferences = component('V1Preferences', PreferencesInput, {
  digest_frequency: 'weekly', digest_format: 'html', email_headlines_only: false, attach_pdf: false,
});

export const presentSaved = (a: SavedArticleView): Static<typeof SavedArticle> => ({ ...presentArticle(a), saved_at: a.saved_at.toISOString() });
export const presentMostRead = (a: MostReadArticle): Static<typeof MostRead> => ({ ...presentArticle(a), readers: a.readers });
export const presentRecentlyViewed = (a: RecentlyViewedArticle): Static<typeof RecentlyViewed> => ({ ...presentArticle(a), viewed_at: a.viewed_at.toISOString() });
export const presentRead = (r: ViewResult): Static<typeof ArticleRead> => ({ ...r, viewed_at: r.viewed_at.toISOString() });

/**
 * /v1 per-user state (seed 001, section 4, "Per-user state"). Everything acts for the
 * token's own user; no user id is passed. Gates (docs/entitlements.md): saving, reading and the
 * caller's own history need a subscription (articles are publication reads); the most-read list
 * is the archive (`archive`, trial: latest edition); watching is `projects` (trial: preview).
 * | GET        | /v1/library/saved              | { articles } newest saved first; limit (50), offset |
 * | PUT,DELETE | /v1/articles/{id}/save         | idempotent                                          |
 * | POST       | /v1/articles/{id}/view         | a read; one per 30 minutes per article              |
 * | GET        | /v1/library/watchlist          | { projects }; limit (50), offset                    |
 * | PUT,DELETE | /v1/projects/{id}/watch        | idempotent                                          |
 * | GET        | /v1/dashboard/most-read        | { articles }; limit (10)                            |
 * | GET        | /v1/dashboard/recently-viewed  | { articles }; limit (10)                            |
 * | GET,PUT    | /v1/preferences                | digest_frequency, digest_format, …                  |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  listMostRead, listRecentlyViewed, listSavedArticles, listWatchlist, recordArticleView, saveArticle, unsaveArticle, unwatchProject, watchProject,
} from '../../../domain/library/index.js';
import { getPreferences, putPreferences } from '../../../domain/preferences/index.js';
import { ctxOf } from '../../types.js';
import { MAX_LIMIT, Named, namedList, namedListRoute, Paging, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { Article, presentArticle } from '../records/article.js';
import { Project, presentProject } from '../records/project.js';
import {
  ArticleRead, MostRead, Preferences, presentMostRead, presentRead, presentRecentlyViewed, presentSaved, RecentlyViewed, SavedArticle, Unsaved, Unwatched,
} from '../records/library.js';

const tags = ['Library'];
const errors = problemResponses(404);
const top = { limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, format: 'int32', default: 10, description: `Rows to return (default 10, max ${MAX_LIMIT}; above: 422)` }) };

export default async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/library/saved', {
    operationId: 'v1ListSavedArticles', summary: 'The caller\u2019s saved articles, newest saved first', tags,
    description: 'Articles the caller saved (of published or archived editions), each the article record with `saved_at`. Needs a subscription.',
    name: 'articles', item: SavedArticle, filter: Type.Object({}), defaultLimit: 50, errors,
    list: (ctx, _all, w) => listSavedArticles(ctx, w), present: presentSaved,
  });

  r.put('/articles/:id/save', {
    schema: {
      operationId: 'v1SaveArticle', summary: 'Save an article (idempotent)', tags,
      description: 'Adds the article to the caller\u2019s library; saving it again changes nothing. Unknown or unpublished article: 404. Answers the article with `is_saved: true`.',
      params: UuidParam('Article'),
      response: { 200: Article, ...errors },
    },
  }, async (req) => presentArticle(await saveArticle(ctxOf(req), req.params.id)));

  r.delete('/articles/:id/save', {
    schema: {
      operationId: 'v1UnsaveArticle', summary: 'Remove an article from the library (idempotent)', tags,
      description: 'Removes the article from the caller\u2019s library; removing one that is not saved succeeds. Unknown or unpublished article: 404.',
      params: UuidParam('Article'),
      response: { 200: Unsaved, ...errors },
    },
  }, async (req) => unsaveArticle(ctxOf(req), req.params.id).then(() => ({ id: req.params.id, is_saved: false as const })));

  r.post('/articles/:id/view', {
    schema: {
      operationId: 'v1RecordArticleView', summary: 'Record a read of an article', tags,
      description: 'Counts a read by the caller. Repeated views of the same article within 30 minutes of the last counted one count once (`counted: false`), so a reload is not a read. Unknown or unpublished article: 404.',
      params: UuidParam('Article'),
      response: { 200: ArticleRead, ...errors },
    },
  }, async (req) => presentRead(await recordArticleView(ctxOf(req), req.params.id)));

  r.get('/library/watchlist', {
    config: { gates: listWatchlist.gates },
    schema: {
      operationId: 'v1ListWatchlist', summary: 'The projects the caller watches', tags,
      description: 'Published projects the caller watches, most recently watched first. Needs `projects` (a trial preview shows five rows).',
      querystring: Type.Object(Paging(50)),
      response: { 200: Named('projects', Project), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'projects', req.query, (w) => listWatchlist(ctxOf(req), w), presentProject));

  r.put('/projects/:id/watch', {
    config: { gates: watchProject.gates },
    schema: {
      operationId: 'v1WatchProject', summary: 'Watch a project (idempotent)', tags,
      description: 'The caller watches the project: its status, expected completion year and stated value changes appear in `/v1/notifications`. Watching twice changes nothing. Needs `projects`. Answers the project with `is_watched: true`.',
      params: UuidParam('Project'),
      response: { 200: Project, ...errors },
    },
  }, async (req) => presentProject(await watchProject(ctxOf(req), req.params.id)));

  r.delete('/projects/:id/watch', {
    config: { gates: unwatchProject.gates },
    schema: {
      operationId: 'v1UnwatchProject', summary: 'Stop watching a project (idempotent)', tags,
      description: 'The caller no longer watches the project; un-watching one not watched succeeds. Unknown project: 404. Needs `projects`.',
      params: UuidParam('Project'),
      response: { 200: Unwatched, ...errors },
    },
  }, async (req) => unwatchProject(ctxOf(req), req.params.id).then(() => ({ id: req.params.id, is_watched: false as const })));

  r.get('/dashboard/most-read', {
    config: { gates: listMostRead.gates },
    schema: {
      operationId: 'v1ListMostRead', summary: 'The most read articles of the last 30 days', tags,
      description: 'Articles read by the most distinct readers over the last 30 days, among those the caller may see. Needs `archive`; a trial preview sees the latest published edition only.',
      querystring: Type.Object(top),
      response: { 200: Named('articles', MostRead), ...errors },
    },
  }, async (req) => ({ articles: (await listMostRead(ctxOf(req), req.query.limit)).map(presentMostRead) }));

  r.get('/dashboard/recently-viewed', {
    schema: {
      operationId: 'v1ListRecentlyViewed', summary: 'The caller\u2019s recently read articles', tags,
      description: 'The articles the caller read, newest read first, each once. Needs a subscription.',
      querystring: Type.Object(top),
      response: { 200: Named('articles', RecentlyViewed), ...errors },
    },
  }, async (req) => ({ articles: (await listRecentlyViewed(ctxOf(req), req.query.limit)).map(presentRecentlyViewed) }));

  r.get('/preferences', {
    schema: {
      operationId: 'v1GetPreferences', summary: 'The caller\u2019s delivery preferences', tags,
      description: 'How digests (the newsletter and alert digests) reach the caller: `digest_frequency` (daily, weekly, never), `digest_format` (html, text), `email_headlines_only`, `attach_pdf`.',
      response: { 200: Preferences },
    },
  }, async (req) => getPreferences(ctxOf(req)));

  r.put('/preferences', {
    schema: {
      operationId: 'v1PutPreferences', summary: 'Replace the caller\u2019s delivery preferences', tags,
      description: 'Every field is required and checked against its vocabulary (a bad value is 400 naming the field). Answers the stored preferences. They apply to mail queued from then on: `digest_format` text sends plain text only, `email_headlines_only` shortens the newsletter to its headlines, `attach_pdf` attaches the digest as a PDF to the newsletter and to alert mails (docs/alerts.md).',
      body: Preferences,
      response: { 200: Preferences },
    },
  }, async (req) => putPreferences(ctxOf(req), req.body));
}

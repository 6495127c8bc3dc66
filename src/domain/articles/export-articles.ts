/**
 * The archive export stream: every article matching a filter, in the engine's own order, read in
 * windows of `EXPORT_BATCH_SIZE` through the same query as the search (so one engine decides what
 * matches and in which order). No connection is held between windows. `exportArchive` is the
 * reader's operation (the caller's archive scope; no row cap).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { loadArticleViews, type ArticleView } from './repository.js';
import { EXPORT_BATCH_SIZE } from '../pagination.js';
import type { Ctx } from '../context.js';
import { gateOperation, GATES } from '../entitlements.js';
import type { ArchiveQuery } from './schemas.js';
import { archiveFilter } from './search-archive.js';
import { matchingArticleIds, type ArticleFilter } from './search-engine.js';

/** Every article matching `filter`; stop iterating to end early. */
export async function* exportArticles(db: Kysely<DB>, filter: ArticleFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ArticleView> {
  for (let offset = 0; ; offset += batchSize) {
    const ids = await matchingArticleIds(db, filter, { limit: batchSize, offset });
    yield* await loadArticleViews(db, ids);
    if (ids.length < batchSize) return;
  }
}

/**
 * Every article of the caller's archive that `query` matches, streamed in batches (the CSV export;
 * no row cap). The gate is checked when called, before any row is read.
 * @throws DomainError FORBIDDEN without `archive` (full or preview) and `exports`
 */
export function exportArchive(ctx: Ctx, query: ArchiveQuery): AsyncGenerator<ArticleView> {
  gateOperation(ctx.identity, GATES.archiveExport);
  return (async function* () {
    yield* exportArticles(ctx.db, await archiveFilter(ctx, query));
  })();
}

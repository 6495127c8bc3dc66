import type { Ctx } from '../context.js';
import { adminWrite } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import { conflict } from '../errors.js';
import type { NewsSourcePatchInput } from './schemas.js';
import { checkFeedUrl, checkVocabulary, loadSource, sourceVersion, toSource, type NewsSource } from './sources-repository.js';

/**
 * Changes a news source. A new feed URL forgets the conditional-GET validators and the failures;
 * enabling a source makes its next poll due at once.
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is refused
 * @throws DomainError NOT_FOUND, VALIDATION, CONFLICT (feed URL of another source; the source changed
 *   since the version `options.ifMatch` names: decision 0050), UNAUTHENTICATED, FORBIDDEN
 */
export async function updateNewsSource(ctx: Ctx, id: string, patch: NewsSourcePatchInput, options: { ifMatch?: IfMatch } = {}): Promise<NewsSource> {
  const feedUrl = patch.feed_url === undefined ? undefined : checkFeedUrl(patch.feed_url);
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await loadSource(trx, id, true);
    checkIfMatch(`News source ${id}`, before.record_version, options.ifMatch);
    await checkVocabulary(trx, patch.default_topics, patch.default_region);
    if (feedUrl !== undefined && feedUrl !== before.feed_url) {
      const other = await trx.selectFrom('news_sources').select('id').where('feed_url', '=', feedUrl).where('id', '<>', id).executeTakeFirst();
      if (other) throw conflict(`A news source with feed_url ${feedUrl} exists`);
    }
    const urlChanged = feedUrl !== undefined && feedUrl !== before.feed_url;
    const enabling = patch.enabled === true && !before.enabled;
    const row = await trx.updateTable('news_sources').set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(feedUrl !== undefined ? { feed_url: feedUrl } : {}),
      ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
      ...(patch.poll_interval_minutes !== undefined ? { poll_interval_minutes: patch.poll_interval_minutes } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.default_topics !== undefined ? { default_topics: patch.default_topics } : {}),
      ...(patch.default_region !== undefined ? { default_region: patch.default_region } : {}),
      ...(patch.trust_weight !== undefined ? { trust_weight: patch.trust_weight } : {}),
      ...(urlChanged ? { etag: null, last_modified: null, failure_count: 0, last_error: null } : {}),
      ...(urlChanged || enabling ? { next_poll_at: tctx.now() } : {}),
      updated_at: tctx.now(),
    }).where('id', '=', id).returningAll().returning(sourceVersion).executeTakeFirstOrThrow();
    const after = toSource(row);
    await recordUpdate(trx, tctx, 'news_source', id, before, after);
    return after;
  });
}

import type { Ctx } from '../context.js';
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import { conflict } from '../errors.js';
import type { NewsSourceCreateInput } from './schemas.js';
import { checkFeedUrl, checkVocabulary, sourceVersion, toSource, type NewsSource } from './sources-repository.js';

/**
 * Adds a news source (disabled unless `enabled` is true); its first poll is due at once when enabled.
 * @throws DomainError VALIDATION (feed URL, unknown topic or region), CONFLICT (the feed URL exists), UNAUTHENTICATED, FORBIDDEN
 */
export async function createNewsSource(ctx: Ctx, input: NewsSourceCreateInput): Promise<NewsSource> {
  const feedUrl = checkFeedUrl(input.feed_url);
  return adminWrite(ctx, async (trx, tctx) => {
    await checkVocabulary(trx, input.default_topics, input.default_region);
    const exists = await trx.selectFrom('news_sources').select('id').where('feed_url', '=', feedUrl).executeTakeFirst();
    if (exists) throw conflict(`A news source with feed_url ${feedUrl} exists`);
    const now = tctx.now();
    const row = await trx.insertInto('news_sources').values({
      name: input.name,
      feed_url: feedUrl,
      kind: input.kind ?? 'rss',
      poll_interval_minutes: input.poll_interval_minutes ?? 60,
      enabled: input.enabled ?? false,
      default_topics: input.default_topics ?? [],
      default_region: input.default_region ?? null,
      trust_weight: input.trust_weight ?? 50,
      next_poll_at: now,
      created_at: now,
      updated_at: now,
    }).returningAll().returning(sourceVersion).executeTakeFirstOrThrow();
    const source = toSource(row);
    await recordAudit(trx, tctx, { action: 'create', entity: 'news_source', entityId: source.id, after: source });
    return source;
  });
}

import type { Ctx } from '../context.js';
import { describeItem } from './ingest.js';
import { titleKey } from './feed.js';
import { loadVocabulary } from './vocabulary.js';

/**
 * Scores inbox items that have no score reasons yet (all items with `all`), as the poller scores new
 * ones: detected entities, score and reasons are rewritten. System work (seeding, CLI).
 * @returns how many items were scored
 */
export async function scoreInboxItems(ctx: Ctx, options: { all?: boolean } = {}): Promise<number> {
  const vocab = await loadVocabulary(ctx.db);
  const rows = await ctx.db.selectFrom('inbox_items as i').leftJoin('news_sources as s', 's.id', 'i.source_id')
    .select(['i.id', 'i.title', 'i.excerpt', 'i.published_at', 's.trust_weight', 's.default_topics', 's.default_region'])
    .$if(!options.all, (q) => q.where((eb) => eb(eb.fn('jsonb_array_length', ['i.score_reasons']), '=', 0)))
    .execute();
  const now = ctx.now();
  for (const r of rows) {
    const { detected, score, reasons } = await describeItem(ctx.db, vocab, now,
      { title: r.title, summary: r.excerpt, publishedAt: r.published_at ? new Date(r.published_at) : null },
      { trust_weight: r.trust_weight ?? 50, default_topics: r.default_topics ?? [], default_region: r.default_region ?? null });
    await ctx.db.updateTable('inbox_items').set({ detected_entities: JSON.stringify(detected), score, score_reasons: JSON.stringify(reasons), title_key: titleKey(r.title) }).where('id', '=', r.id).execute();
  }
  return rows.length;
}

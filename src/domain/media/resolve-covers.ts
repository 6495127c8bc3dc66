/** The covers of a batch of articles, resolved by rule (readers). */
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { coverCandidates, summaries, type MediaSummary } from './repository.js';
import { MAX_MEDIA_BATCH, type CoversInput } from './schemas.js';

/** Which rule chose a cover. */
export type CoverRule = 'pinned' | 'airport' | 'country' | 'company' | 'none';

/** One article's cover. */
export interface Cover {
  article_id: string;
  rule: CoverRule;
  /** `null` when no rule found one (`rule: none`). */
  media: MediaSummary | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One cover per article asked for, in the order asked (duplicates once): the cover an editor
 * pinned, else the first asset bound to one of the article's airports, else to its country (the
 * article's, else one of its airports'), else to one of its companies; `none` without any, and for
 * an id that names no published article (a reader cannot tell it from an article without imagery).
 * @throws DomainError VALIDATION (`articles`: not a UUID, or more than 100)
 */
export async function resolveCovers(ctx: Ctx, input: CoversInput): Promise<Cover[]> {
  const ids = [...new Set((input.articles ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
  const bad = ids.find((id) => !UUID.test(id));
  if (bad) throw invalidParam('articles', `"${bad.slice(0, 60)}" is not an article id (UUID)`);
  if (ids.length > MAX_MEDIA_BATCH) throw invalidParam('articles', `at most ${MAX_MEDIA_BATCH} ids`);
  const chosen = new Map((await coverCandidates(ctx.db, ids)).map((c) => [c.article_id, c]));
  const media = await summaries(ctx.db, [...new Set([...chosen.values()].map((c) => c.media_id))]);
  return ids.map((id) => {
    const c = chosen.get(id);
    return c ? { article_id: id, rule: c.rule, media: media.get(c.media_id)! } : { article_id: id, rule: 'none' as const, media: null };
  });
}

/** Reordering an edition's articles in one write (administrators; audited). */
import { sql } from 'kysely';
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import type { ArticleOrderInput } from './schemas.js';

/** An edition's articles in order: what the operation answers. */
export interface ArticleOrderView {
  edition_id: string;
  /** Ids of every article and event item of the edition, first to last. */
  article_ids: string[];
}

/**
 * Puts the articles (and event items) of edition `id` in the order of `input.article_ids`: each
 * gets `sort_order` = its 0-based position, all in one transaction, so a failure leaves the old
 * order whole and two editors' orders never interleave (the last one saved wins, entire). The
 * edition's row is locked first, so an article added, moved or removed meanwhile (they lock it too)
 * either lands before (and the list no longer matches: CONFLICT) or after. The list must name every
 * article of the edition exactly once. Saving the order that is stored already writes nothing and
 * audits nothing; otherwise every article whose position moved gets its new `sort_order` and
 * `updated_at` (the injected clock), and one audit entry is written (`update` of the edition,
 * `article_order` before and after). The edition's own `version` does not change (decision 0050:
 * its articles are not its fields).
 * @returns the order now stored
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND (no edition `id`), VALIDATION (an id
 *   twice), CONFLICT (the list misses an article of the edition or names one that is not in it,
 *   e.g. one added or removed since the list was read)
 */
export async function reorderEditionArticles(ctx: Ctx, id: string, input: ArticleOrderInput): Promise<ArticleOrderView> {
  const wanted = input.article_ids.map((a) => a.toLowerCase());
  const twice = wanted.find((a, i) => wanted.indexOf(a) !== i);
  if (twice) throw invalidParam('article_ids', `lists article ${twice} twice`);
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, 'editions', id))) throw notFound(`Edition ${id}`);
    const stored = (await trx.selectFrom('articles').select('id').where('edition_id', '=', id).orderBy('sort_order').orderBy('id').execute()).map((a) => a.id);
    const missing = stored.filter((a) => !wanted.includes(a));
    const foreign = wanted.filter((a) => !stored.includes(a));
    if (missing.length || foreign.length) {
      throw conflict(`The order must list each of the edition's ${stored.length} articles exactly once${missing.length ? `; missing: ${missing.join(', ')}` : ''}${foreign.length ? `; not in this edition: ${foreign.join(', ')}` : ''} (reload the edition's articles and try again)`);
    }
    if (stored.every((a, i) => a === wanted[i])) return { edition_id: id, article_ids: stored };
    await sql`update articles a set sort_order = (o.position - 1)::int, updated_at = ${tctx.now()}
                from unnest(${wanted}::uuid[]) with ordinality as o(id, position)
               where a.id = o.id and a.edition_id = ${id} and a.sort_order is distinct from (o.position - 1)::int`.execute(trx);
    await recordAudit(trx, tctx, { action: 'update', entity: 'edition', entityId: id, before: { article_order: stored }, after: { article_order: wanted } });
    return { edition_id: id, article_ids: wanted };
  });
}

/** Articles a reader may act on: those of published or archived editions. */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';

/** Refuses an article the reader cannot open. @throws DomainError NOT_FOUND */
export async function requireReadableArticle(ctx: Ctx, id: string): Promise<void> {
  const a = await ctx.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id')
    .select('a.id').where('a.id', '=', id).where('e.status', 'in', ['published', 'archived']).executeTakeFirst();
  if (!a) throw notFound(`Article ${id}`);
}

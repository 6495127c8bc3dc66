/**
 * Recording a read (`article_views`). A reload is not a read: views of one article by one user
 * within {@link VIEW_WINDOW_MS} (30 minutes) of the last counted one count once. Two concurrent
 * calls are serialised by a transaction-scoped advisory lock on (user, article), so they too count once.
 */
import { sql } from 'kysely';
import { callerOf, withDb, type Ctx } from '../context.js';
import { requireReadableArticle } from './readable.js';

/** Views of one article by one user closer together than this count once (30 minutes). */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** What a view did: `counted` false when it fell within the window of an earlier one. */
export interface ViewResult {
  article_id: string;
  counted: boolean;
  viewed_at: Date;
}

/**
 * Records that the caller read article `id` now.
 * @throws DomainError NOT_FOUND (unknown article, or one of an unpublished edition)
 */
export async function recordArticleView(ctx: Ctx, id: string): Promise<ViewResult> {
  const me = callerOf(ctx);
  await requireReadableArticle(ctx, id);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const t = withDb(ctx, trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`view:${me.userId}:${id}`}))`.execute(t.db);
    const recent = await t.db.selectFrom('article_views').select('viewed_at')
      .where('user_id', '=', me.userId).where('article_id', '=', id)
      .where('viewed_at', '>', new Date(now.getTime() - VIEW_WINDOW_MS))
      .orderBy('viewed_at', 'desc').limit(1).executeTakeFirst();
    if (recent) return { article_id: id, counted: false, viewed_at: recent.viewed_at };
    await t.db.insertInto('article_views').values({ user_id: me.userId, article_id: id, viewed_at: now }).execute();
    return { article_id: id, counted: true, viewed_at: now };
  });
}

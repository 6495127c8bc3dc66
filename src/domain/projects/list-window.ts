/**
 * The ids of one window of a filtered project list, read in up to two ways (decision 0059). First
 * as the planner prefers, which for a filtered list is usually to walk the sort's index and stop at
 * the window's last row. When that walk has not finished within its budget ({@link WINDOW_BUDGETS}),
 * with the filter first: the filters' indexes combined into one bitmap, every match read and sorted.
 *
 * Why: the planner multiplies the selectivities of the filters as if they were independent. For
 * filters that never go together (two terms that are never on one project, a `q` word and a term,
 * a type and a status) it expects thousands of matches, walks the sort's index for the first fifty
 * and reads all of it to find none (2 s at a million projects: bench/README.md). The filter-first
 * reading costs what the filters' index entries and matches cost, whatever the order (at most about
 * 0.4 s alone at a million); the walk costs what it reads before the window is full (up to the
 * whole index). Both run the same statement, so they return the same rows.
 *
 * The budget is a `statement_timeout` local to a savepoint. PGlite cannot enforce one (decision
 * 0013): on the embedded database the first reading always runs to its end.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';

/** How long the planner's reading of {@link projectWindowIds} may run, in milliseconds. */
export interface WindowBudgets {
  plannedMs: number;
}

/**
 * The budget of a filtered list's planned reading: more than most walks need at a million projects
 * alone (a median of 5–30 ms: bench/projects-scale.ts), well under the target of 100 ms.
 */
export const WINDOW_BUDGETS: WindowBudgets = { plannedMs: 40 };

/**
 * The planner's settings of the filter-first reading: no index walk, no sequential scan, and room
 * for the bitmaps to stay exact. With the default `work_mem` (4 MB) the bitmap of a type or a
 * status at a million projects turns lossy, and the heap scan rechecks every row of every page it
 * names (a type and a term that never meet: 116 ms with 4 MB, 24 ms with 32 MB). 32 MB holds an
 * exact bitmap of every page of a million projects; the setting bounds this statement only.
 */
const FILTER_FIRST = ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'"];

/** Which reading answered: the planner's within its budget (`planned`) or the filter-first one (`filter_first`). */
export type WindowReading = 'planned' | 'filter_first';

/** The ids of a window in their order, and the reading that found them. */
export interface WindowIds {
  ids: string[];
  reading: WindowReading;
}

/** The window's statement: the ids of `projects p` satisfying `where`, in `order`, `limit` after `offset`. */
const windowStatement = (where: RawBuilder<SqlBool>, order: RawBuilder<unknown>, window: { limit: number; offset: number }) =>
  sql<{ id: string }>`select p.id from projects p where ${where} order by ${order} limit ${window.limit} offset ${window.offset}`;

/** Whether `err` (or its cause) is a statement cancelled on the server (SQLSTATE 57014). */
const isCancelled = (err: unknown): boolean => {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
};

/**
 * The ids of `window` of the projects `p` satisfying `where` in `order` (see the module's comment):
 * the planner's reading within `budgets.plannedMs`, else the filter-first reading, to its end
 * (bounded only by `DB_STATEMENT_TIMEOUT_MS`). An unfiltered list (`filtered: false`), or a caller
 * already inside a transaction, gets the planner's reading alone. The budget is a
 * `statement_timeout` set after a savepoint, so rolling back to the savepoint restores the
 * service's own.
 * @param budgets.plannedMs in milliseconds; `0` skips the planner's reading (the filter first only)
 * @throws the database's errors, as any read (a statement that outlives `DB_STATEMENT_TIMEOUT_MS`)
 */
export async function projectWindowIds(
  ctx: Ctx,
  where: RawBuilder<SqlBool>,
  order: RawBuilder<unknown>,
  window: { limit: number; offset: number },
  { filtered, budgets = WINDOW_BUDGETS }: { filtered: boolean; budgets?: WindowBudgets },
): Promise<WindowIds> {
  const statement = windowStatement(where, order, window);
  const ids = async (db: Kysely<DB>) => (await statement.execute(db)).rows.map((r) => r.id);
  if (!filtered || ctx.db.isTransaction) return { ids: await ids(ctx.db), reading: 'planned' };
  return ctx.db.transaction().execute(async (trx) => {
    if (budgets.plannedMs > 0) {
      await sql`savepoint planned`.execute(trx);
      await sql`set local statement_timeout = ${sql.raw(String(Math.round(budgets.plannedMs)))}`.execute(trx);
      try {
        return { ids: await ids(trx), reading: 'planned' as const };
      } catch (err) {
        if (!isCancelled(err)) throw err;
        await sql`rollback to savepoint planned`.execute(trx);
      }
    }
    for (const setting of FILTER_FIRST) await sql`set local ${sql.raw(setting)}`.execute(trx);
    return { ids: await ids(trx), reading: 'filter_first' as const };
  });
}

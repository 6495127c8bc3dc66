/**
 * The ids of one window of a filtered project list, read in up to three ways (decision 0059). First
 * as the planner prefers, which for a filtered list is usually to walk the sort's index and stop at
 * the window's last row. When that walk has not finished within its budget ({@link WINDOW_BUDGETS}),
 * with the filter first: the filters' indexes combined into one bitmap, every match read and sorted.
 * When that has not finished either, the walk again, to its end.
 *
 * Why: the planner multiplies the selectivities of the filters as if they were independent. For
 * filters that never go together (two terms that are never on one project, a `q` word and a term,
 * a type and a status) it expects thousands of matches, walks the sort's index for the first fifty
 * and reads all of it to find none (2 s at a million projects: bench/README.md). The filter-first
 * reading costs what the filters' index entries and matches cost, whatever the order; the walk costs
 * what it reads before the window is full. Neither is fast for every request; the first one that
 * answers within its budget usually is. All run the same statement, so they return the same rows.
 *
 * The budgets are `statement_timeout`s local to a savepoint. PGlite cannot enforce one (decision
 * 0013): on the embedded database the first reading always runs to its end.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';

/** How long each reading of {@link projectWindowIds} may run, in milliseconds. */
export interface WindowBudgets {
  /** The planner's own reading (step 1). */
  plannedMs: number;
  /** The filter-first reading (step 2). */
  filterFirstMs: number;
}

/**
 * The budgets of a filtered list: the planned reading gets more than most walks need at a million
 * projects alone (a median of 5–30 ms: bench/projects-scale.ts), the filter-first reading what a
 * bitmap of a few hundred thousand entries takes; together they stay near the target of 100 ms.
 */
export const WINDOW_BUDGETS: WindowBudgets = { plannedMs: 40, filterFirstMs: 150 };

/**
 * The planner's settings of the filter-first reading: no index walk, no sequential scan, and room
 * for the bitmaps to stay exact. With the default `work_mem` (4 MB) the bitmap of a type or a
 * status at a million projects turns lossy, and the heap scan rechecks every row of every page it
 * names (a type and a term that never meet: 116 ms with 4 MB, 24 ms with 32 MB). 32 MB holds an
 * exact bitmap of every page of a million projects; the setting bounds this statement only.
 */
const FILTER_FIRST = ['enable_indexscan = off', 'enable_indexonlyscan = off', 'enable_seqscan = off', "work_mem = '32MB'"];

/**
 * Which reading answered: the planner's within its budget (`planned`), the filter-first one
 * (`filter_first`), or the planner's run to its end after both budgets ran out (`planned_to_end`).
 */
export type WindowReading = 'planned' | 'filter_first' | 'planned_to_end';

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
 * 1. the planner's reading, within `budgets.plannedMs`;
 * 2. else the filter-first reading, within `budgets.filterFirstMs`;
 * 3. else the planner's reading again, to its end (bounded only by `DB_STATEMENT_TIMEOUT_MS`): a
 *    filter whose matches are many but far along the sort's order (`min_value` in the stated
 *    currency while the order is in US dollars) is slow both ways, and the walk is the cheaper.
 *
 * An unfiltered list (`filtered: false`), or a caller already inside a transaction, gets the
 * planner's reading alone. Each budget is a `statement_timeout` set after a savepoint, so rolling
 * back to the savepoint restores the service's own.
 * @param budgets in milliseconds; a `plannedMs` of `0` skips step 1, a `filterFirstMs` of `0` lets step 2 run to its end
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
    /** The window read with `settings` within `ms` (none when 0); `undefined` when the budget ran out. */
    const within = async (ms: number, settings: string[]): Promise<string[] | undefined> => {
      await sql`savepoint reading`.execute(trx);
      if (ms > 0) settings = [...settings, `statement_timeout = ${Math.round(ms)}`];
      for (const setting of settings) await sql`set local ${sql.raw(setting)}`.execute(trx);
      try {
        const found = await ids(trx);
        await sql`release savepoint reading`.execute(trx);
        return found;
      } catch (err) {
        if (!isCancelled(err) || ms === 0) throw err;
        await sql`rollback to savepoint reading`.execute(trx);
        return undefined;
      }
    };
    if (budgets.plannedMs > 0) {
      const found = await within(budgets.plannedMs, []);
      if (found) return { ids: found, reading: 'planned' as const };
    }
    // No index walk and no sequential scan: the filters' indexes as bitmaps, then a top-N sort.
    const found = await within(budgets.filterFirstMs, FILTER_FIRST);
    if (found) return { ids: found, reading: 'filter_first' as const };
    return { ids: await ids(trx), reading: 'planned_to_end' as const };
  });
}

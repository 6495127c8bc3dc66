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
 *
 * The budget is wall time, but what it is meant to bound is the work a walk gone wrong wastes.
 * When several readings run at once they share the database's cores, and the same walk takes
 * several times as long: a fixed budget then cancels walks that would have answered, and the
 * filter-first readings that replace them load the database further (at a million projects, ten
 * connections, `sort=value_desc`: 14–16 lists a second with 40 ms, 38 with 200 ms; bench/README.md,
 * "A budget that grows with the readings in flight"). So the budget grows with the window readings
 * this process has in flight ({@link windowBudgetMs}).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { warmListOrders, windowFromIndex, type FacetIndexState } from './facet-index-store.js';
import { indexFilterOf } from './index-filter.js';
import { projectOrder } from './repository.js';
import { PROJECT_SORTS, type ProjectFilter, type ProjectSort } from './schemas.js';

/** How long the planner's reading of {@link projectWindowIds} may run, in milliseconds. */
export interface WindowBudgets {
  /** The budget of a reading with no other in flight; `0` skips the planner's reading. */
  plannedMs: number;
  /** The most the budget grows to while other readings are in flight (at least `plannedMs`). */
  crowdedMs: number;
}

/**
 * The budget of a filtered list's planned reading: alone, more than most walks need at a million
 * projects (a median of 5–30 ms: bench/projects-scale.ts), well under the target of 100 ms; with
 * other readings in flight, up to five times that.
 */
export const WINDOW_BUDGETS: WindowBudgets = { plannedMs: 40, crowdedMs: 200 };

/** The window readings of this process running now (planner's or filter-first). */
let inFlight = 0;

/** How many window readings of this process are running now: 0 when none is. */
export const windowReadsInFlight = (): number => inFlight;

/**
 * The budget of a planned reading that starts while `running` readings (itself included) are in
 * flight: `plannedMs` times `running`, at most `crowdedMs`. Each reading in flight stands for a
 * share of the database's cores taken from this one; readings of other processes are not seen.
 * @returns milliseconds; `0` when `budgets.plannedMs` is `0`
 */
export function windowBudgetMs(budgets: WindowBudgets, running: number): number {
  if (budgets.plannedMs <= 0) return 0;
  return Math.round(Math.min(Math.max(budgets.crowdedMs, budgets.plannedMs), budgets.plannedMs * Math.max(1, running)));
}

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
 * the planner's reading within its budget ({@link windowBudgetMs} of `budgets`), else the
 * filter-first reading, to its end (bounded only by `DB_STATEMENT_TIMEOUT_MS`). An unfiltered list
 * (`filtered: false`), or a caller already inside a transaction, gets the planner's reading alone.
 * The budget is a `statement_timeout` set after a savepoint, so rolling back to the savepoint
 * restores the service's own.
 * @param budgets in milliseconds; `plannedMs: 0` skips the planner's reading (the filter first only)
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
  inFlight++;
  try {
    return await budgetedRead(ctx, ids, windowBudgetMs(budgets, inFlight));
  } finally {
    inFlight--;
  }
}

/** The planner's reading within `budgetMs` (none when `0`), else the filter-first one, in one transaction. */
function budgetedRead(ctx: Ctx, ids: (db: Kysely<DB>) => Promise<string[]>, budgetMs: number): Promise<WindowIds> {
  return ctx.db.transaction().execute(async (trx) => {
    if (budgetMs > 0) {
      await sql`savepoint planned`.execute(trx);
      await sql`set local statement_timeout = ${sql.raw(String(budgetMs))}`.execute(trx);
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

/**
 * What became of the windows the index in memory named candidates for, in this process since it
 * started: `answered` when the statement confirmed them, `rechecked` when it found fewer rows than
 * the index did and the window was read in SQL instead (for tests and the bench).
 */
export const indexWindowCounts = { answered: 0, rechecked: 0 };

/**
 * The list order of `sort` in the index in memory: its name and its `order by` (a relevance order
 * without a text query is the title order; with one it has no list order, the caller does not ask).
 */
export const listOrderOf = (sort: ProjectSort): { name: string; order: RawBuilder<unknown> } =>
  sort === 'relevance' ? listOrderOf('title_asc') : { name: sort, order: projectOrder(sort, undefined) };

/**
 * Loads the project facet index of `db` and the list order of every sort (decision 0063), for a
 * process to warm up before its first requests (about 15 s for the index and as much again for the
 * orders at a million projects: bench/README.md).
 * @returns the index's state once they are loaded
 */
export const warmProjectIndex = (db: Kysely<DB>): Promise<FacetIndexState> => warmListOrders(db, PROJECT_SORTS.map(listOrderOf));

/** The deepest window (offset plus limit) read through the index in memory; deeper ones are read in SQL. */
export const INDEX_WINDOW_DEPTH = 1000;

/**
 * The ids of `window` of a filtered list from the facet index in memory (decision 0063): the index
 * names the candidates (the first `offset + limit` matches of its base in the list's order, and the
 * matching projects changed since). Without changed ones the window is the base's; with some, one
 * statement orders the candidates, read by primary key, and keeps the window. `undefined`, for the
 * caller to read it in SQL ({@link projectWindowIds}), when the filter has a member the index does
 * not hold or a parent programme or an article (a few projects, which SQL reads at once), the window is deeper than {@link INDEX_WINDOW_DEPTH}, the caller is inside a transaction, the index has no order of this sort yet (it loads it in the
 * background), or the statement found fewer rows than the index did (a write between the two).
 * @param sort the list's sort, not a relevance order with a text query
 * @param where the list's conditions, checked again on the candidates: asked for only when some
 *   changed projects match (building them can cost statements: a company's ids, a region's slugs)
 * @throws the database's errors, as any read
 */
export async function projectWindowFromIndex(
  ctx: Ctx,
  filter: ProjectFilter,
  sort: ProjectSort,
  where: () => Promise<RawBuilder<SqlBool>>,
  window: { limit: number; offset: number },
): Promise<string[] | undefined> {
  const list = listOrderOf(sort);
  const first = window.offset + window.limit;
  if (ctx.db.isTransaction || first > INDEX_WINDOW_DEPTH) return undefined;
  // A programme's or an article's projects are few, and their own index names them: the list's
  // statement reads them at once, one round trip fewer than the index's set of them (at a million
  // projects, 395 against 256 lists a second: bench/README.md, "Text queries and links in the index").
  if (filter.parentProjectId || filter.articleId) return undefined;
  const query = await indexFilterOf(ctx, filter);
  if (!query) return undefined;
  const found = await windowFromIndex(ctx.db, query, { ...list, first }, await ctx.contentVersion?.());
  if (!found) return undefined;
  // No changed project matches: the base's order is the list's.
  if (found.changed.length === 0) {
    indexWindowCounts.answered++;
    return found.first.slice(window.offset, first);
  }
  const candidates = [...found.first, ...found.changed];
  const expected = Math.max(0, Math.min(window.limit, candidates.length - window.offset));
  // The candidates by primary key first (`offset 0` keeps the subquery apart), their conditions
  // checked after: joined with the conditions, the planner combined a filter's index with the key's
  // (4 344 entries of a country's index read for fifty candidates, in the bench's plan at a million).
  const candidateRows = sql<SqlBool>`p.id in (select c.id from projects c where c.id = any(${candidates}::uuid[]) offset 0)`;
  const { rows } = expected === 0 ? { rows: [] } : await windowStatement(sql<SqlBool>`${candidateRows} and ${await where()}`, list.order, window).execute(ctx.db);
  if (rows.length !== expected) {
    indexWindowCounts.rechecked++;
    return undefined;
  }
  indexWindowCounts.answered++;
  return rows.map((r) => r.id);
}

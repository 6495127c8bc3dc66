/**
 * Page-based pagination (the /api/v1 edition) over the domain's offset/limit queries.
 * The /v1 edition passes limit/offset straight through, reading one row ahead ({@link readAhead})
 * to know whether a next window exists.
 */

/** A window of rows: `offset` rows skipped, at most `limit` returned. */
export interface Window {
  limit: number;
  offset: number;
  /**
   * `false` when the caller reads no total (the /v1 lists, which report none: {@link readAhead}).
   * An operation may then skip counting its matches, the one part of a list whose cost grows with
   * every match rather than with the window (bench/README.md, issue 31), and report `total` as
   * `NaN`. Absent or `true`: counted.
   */
  counted?: boolean | undefined;
}

/** Whether `window` asks for the total of its matches (see {@link Window.counted}). */
export const wantsTotal = (window: Window): boolean => window.counted !== false;

/**
 * The total of a list read through `window`: `count()` when the window asks for one, else `NaN`
 * without running it (see {@link Window.counted}).
 */
export const totalFor = (window: Window, count: () => Promise<number>): Promise<number> =>
  wantsTotal(window) ? count() : Promise.resolve(Number.NaN);

/** One page of results with the total number of matching rows. */
export interface Page<T> {
  items: T[];
  /**
   * All rows that match, ignoring the window; `NaN` when the window was read with
   * `counted: false` and the operation skipped the count.
   */
  total: number;
}

/** Window of page `page` (1-based) of size `limit`. */
export const pageWindow = (page: number, limit: number): Window => ({ limit, offset: (page - 1) * limit });

/** The `{ page, limit, total, pages }` block that accompanies a paginated list; all integers. */
export const pageMeta = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  pages: Math.ceil(total / limit),
});

/** One window of rows and whether more rows follow it (for lists that report no total). */
export interface Slice<T> {
  items: T[];
  /** `true` when at least one row follows the window. */
  hasMore: boolean;
}

/**
 * Reads `window` through `read` with one row of look-ahead: asks for `limit + 1` rows from the same
 * offset and keeps `limit`, so whether a next window exists is known without counting. Wrap a whole
 * operation: its own narrowing (a trial preview's row cap) then applies to the look-ahead row too.
 * @param read one window of the list, as rows or as a {@link Page}; it is asked for no total
 *   (`counted: false`), so an operation that honours {@link Window.counted} skips its count
 */
export async function readAhead<T>(window: Window, read: (window: Window) => Promise<T[] | Page<T>>): Promise<Slice<T>> {
  const result = await read({ limit: window.limit + 1, offset: window.offset, counted: false });
  const rows = Array.isArray(result) ? result : result.items;
  return { items: rows.slice(0, window.limit), hasMore: rows.length > window.limit };
}

/**
 * Page-based pagination (the /api/v1 edition) over the domain's offset/limit queries.
 * The /v1 edition passes limit/offset straight through, reading one row ahead ({@link readAhead})
 * to know whether a next window exists.
 */

/** A window of rows: `offset` rows skipped, at most `limit` returned. */
export interface Window {
  limit: number;
  offset: number;
}

/** One page of results with the total number of matching rows. */
export interface Page<T> {
  items: T[];
  /** All rows that match, ignoring the window. */
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
 * @param read one window of the list, as rows or as a {@link Page} (its total is not used)
 */
export async function readAhead<T>(window: Window, read: (window: Window) => Promise<T[] | Page<T>>): Promise<Slice<T>> {
  const result = await read({ limit: window.limit + 1, offset: window.offset });
  const rows = Array.isArray(result) ? result : result.items;
  return { items: rows.slice(0, window.limit), hasMore: rows.length > window.limit };
}

/** Rows an export stream reads per query. */
export const EXPORT_BATCH_SIZE = 500;

/** How `keysetRows` reads one batch. */
export interface KeysetSource<Row, Cursor> {
  /** Rows per query. */
  batchSize: number;
  /** Rows at most, over all batches (Infinity for no cap). */
  cap: number;
  /** The rows after `after` (from the start when `null`), at most `limit`, in key order. */
  fetch: (after: Cursor | null, limit: number) => Promise<Row[]>;
  /** The key of a row, to continue after it. */
  cursorOf: (row: Row) => Cursor;
}

/**
 * Streams rows by keyset pagination: one short query per batch, so a long export never holds a
 * database connection between batches (the embedded database has only one) and memory holds one
 * batch at a time. Ending the iteration early (`return()`, a destroyed stream) issues no further query.
 */
export async function* keysetRows<Row, Cursor>(source: KeysetSource<Row, Cursor>): AsyncGenerator<Row> {
  let after: Cursor | null = null;
  let sent = 0;
  while (sent < source.cap) {
    const limit = Math.min(source.batchSize, source.cap - sent);
    const rows = await source.fetch(after, limit);
    for (const row of rows) yield row;
    sent += rows.length;
    if (rows.length < limit) return;
    after = source.cursorOf(rows[rows.length - 1]!);
  }
}

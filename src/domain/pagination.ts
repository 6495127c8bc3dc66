/**
 * Page-based pagination (the /api/v1 edition) over the domain's offset/limit queries.
 * The /v1 edition passes limit/offset straight through.
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

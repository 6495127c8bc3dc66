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

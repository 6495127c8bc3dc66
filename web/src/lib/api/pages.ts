/**
 * Lists longer than one window. A `/v1` list answers one window (`limit` at most 200, `offset`) and
 * says in its `Link` header (RFC 8288) whether another follows: `rel="next"`, whose target carries
 * the next `offset` (docs/conventions.md, "Pagination links"). Two ways to read past the first window:
 * - {@link apiPagesQuery}: "Load more" lists (the desk's records, the reader's library), one
 *   window per click, the windows read so far kept in order (`components/load-more.tsx` shows the button);
 * - {@link readAllPages}: a list the page needs whole (an edition's articles, which the desk
 *   reorders as one list), read window after window until no `next` link.
 */
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import LinkHeader from 'http-link-header';
import { unwrap } from './errors';
import type { Answer, DataOf } from './hooks';

/** One window of a list: its rows and the offset of the next window (`undefined`: the last). */
export interface Window<T> {
  items: T[];
  next: number | undefined;
}

/**
 * The `offset` of the `rel="next"` link of `response`'s `Link` header, resolved against the URL
 * called; `undefined` when there is no next window (no header, no `next`, no `offset` in it).
 */
export function nextOffset(response: Response): number | undefined {
  const header = response.headers.get('link');
  if (!header) return undefined;
  const [next] = LinkHeader.parse(header).rel('next');
  if (!next) return undefined;
  const offset = new URL(next.uri, response.url || 'http://localhost/').searchParams.get('offset');
  return offset !== null && /^\d+$/.test(offset) ? Number(offset) : undefined;
}

/** True when `/v1/…` answered `Link: <…>; rel="next"` (another window of the list exists). */
export const hasNextLink = (response: Response): boolean => nextOffset(response) !== undefined;

/**
 * `rows` without a repeated row: the first of the rows that share an `id` (string or number) is
 * kept, in place; rows without an `id` are all kept. The `/v1` windows are read by `offset`, so a
 * row added ahead of them between two reads pushes the last row of one window into the next: it
 * shows once (the new row itself waits for the list to be read again).
 */
export function uniqueRows<T>(rows: T[]): T[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const id = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' && typeof id !== 'number') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Reads one window: `request(offset, signal)`, unwrapped (a refusal throws), its rows picked. */
async function readWindow<R extends Answer, T>(request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[], offset: number, signal?: AbortSignal): Promise<Window<T>> {
  const answer = await request(offset, signal);
  return { items: pick(unwrap(answer) as DataOf<R>), next: nextOffset(answer.response) };
}

/**
 * Infinite-query options of a "Load more" list: the first window at offset 0, each next one at the
 * offset its predecessor's `Link` header names; `data` is every row read so far, in order, each
 * once ({@link uniqueRows}) (`hasNextPage` and `fetchNextPage` read the next window). `request` is called with the offset and
 * TanStack Query's abort signal, so a window the page no longer needs is cancelled.
 */
export function apiPagesQuery<R extends Answer, T>(queryKey: QueryKey, request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[]) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => readWindow(request, pick, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Window<T>) => last.next,
    select: (data) => uniqueRows(data.pages.flatMap((page) => page.items)),
  });
}

/** Upper bound of windows {@link readAllPages} reads (200 rows each: 20 000 rows). */
const MAX_WINDOWS = 100;

/**
 * Every row of a list, read window after window (each `request(offset, signal)`) until a window
 * without a `next` link, each once ({@link uniqueRows}).
 * @throws ApiError when a window is refused; Error when the list has more than 100 windows
 */
export async function readAllPages<R extends Answer, T>(request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[], signal?: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  let offset: number | undefined = 0;
  for (let windows = 0; offset !== undefined; windows++) {
    if (windows === MAX_WINDOWS) throw new Error(`The list is longer than ${MAX_WINDOWS} windows; narrow it with a filter.`);
    const window: Window<T> = await readWindow(request, pick, offset, signal);
    rows.push(...window.items);
    offset = window.next;
  }
  return uniqueRows(rows);
}

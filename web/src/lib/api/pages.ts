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

/** A row's `id` when it has one (a string or a number), else `undefined`. */
function idOf(row: unknown): string | number | undefined {
  const id = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * `rows` without a repeated row: the first of the rows that share an `id` (string or number) is
 * kept, in place; rows without an `id` are all kept (with {@link newRows}: a row shown before that
 * a shift between two reads brought into the next window shows once).
 */
export function uniqueRows<T>(rows: T[]): T[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const id = idOf(row);
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Rows of the previous window a "Load more" read repeats. The `/v1` windows are read by `offset`,
 * so rows added or removed ahead of them between two clicks shift the list: a plain offset read
 * would show a row twice (added ahead) or skip one (removed ahead). Reading the next window from
 * `OVERLAP` rows earlier and leaving out the rows already shown skips nothing while at most 9 rows
 * were removed ahead (a row moved further down is read where it now stands, and kept where it was
 * shown).
 */
export const OVERLAP = 10;

/** Where the next window starts: the service's `offset`, and the ids of the last rows shown. */
export interface WindowParam {
  offset: number;
  /** Up to {@link OVERLAP} ids of the last rows shown; none when the rows carry no `id`. */
  shown: (string | number)[];
}

/**
 * The rows of `window` not among `shown` (ids): the new rows of an overlapping read. Rows shown
 * before the last {@link OVERLAP} that a shift brought into the window are left out by
 * {@link uniqueRows} over the whole list.
 */
export function newRows<T>(window: T[], shown: (string | number)[]): T[] {
  const ids = new Set<unknown>(shown);
  return window.filter((row) => {
    const id = idOf(row);
    return id === undefined || !ids.has(id);
  });
}

/** The ids of the last {@link OVERLAP} rows of `pages`, the last row first. */
function lastShown<T>(pages: Window<T>[]): (string | number)[] {
  const ids: (string | number)[] = [];
  for (let p = pages.length - 1; p >= 0 && ids.length < OVERLAP; p--) {
    const items = pages[p]!.items;
    for (let i = items.length - 1; i >= 0 && ids.length < OVERLAP; i--) {
      const id = idOf(items[i]);
      if (id !== undefined) ids.push(id);
    }
  }
  return ids;
}

/** Reads one window: `request(offset, signal)`, unwrapped (a refusal throws), its rows picked. */
async function readWindow<R extends Answer, T>(request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[], offset: number, signal?: AbortSignal): Promise<Window<T>> {
  const answer = await request(offset, signal);
  return { items: pick(unwrap(answer) as DataOf<R>), next: nextOffset(answer.response) };
}

/**
 * Reads the window after the rows shown: from {@link OVERLAP} rows before `param.offset` when the
 * rows carry ids, without the rows already shown ({@link newRows}); `next` is the service's,
 * after the last row read.
 */
async function readWindowAfter<R extends Answer, T>(request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[], param: WindowParam, signal?: AbortSignal): Promise<Window<T>> {
  const back = param.shown.length ? Math.min(OVERLAP, param.offset) : 0;
  const window = await readWindow(request, pick, param.offset - back, signal);
  if (!back) return window;
  // A window no longer than the overlap would not move on: read it at the service's offset instead.
  const read = window.next !== undefined && window.next <= param.offset ? await readWindow(request, pick, param.offset, signal) : window;
  return { items: newRows(read.items, param.shown), next: read.next };
}

/**
 * Infinite-query options of a "Load more" list: the first window at offset 0, each next one at the
 * offset its predecessor's `Link` header names, read with an overlap that finds the last row shown
 * ({@link readWindowAfter}), so rows added or removed ahead between two clicks neither show twice
 * nor are skipped; `data` is every row read so far, in order, each once ({@link uniqueRows})
 * (`hasNextPage` and `fetchNextPage` read the next window). `request` is called with the offset
 * and TanStack Query's abort signal, so a window the page no longer needs is cancelled.
 */
export function apiPagesQuery<R extends Answer, T>(queryKey: QueryKey, request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[]) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => readWindowAfter(request, pick, pageParam, signal),
    initialPageParam: { offset: 0, shown: [] } as WindowParam,
    getNextPageParam: (last: Window<T>, pages: Window<T>[]): WindowParam | undefined => (last.next === undefined ? undefined : { offset: last.next, shown: lastShown(pages) }),
    select: (data) => uniqueRows(data.pages.flatMap((page) => page.items)),
  });
}

/** Upper bound of windows {@link readAllPages} reads (200 rows each: 20 000 rows). */
const MAX_WINDOWS = 100;

/**
 * Every row of a list, read window after window (each `request(offset, signal)`, overlapping as
 * {@link readWindowAfter} does) until a window without a `next` link, each once ({@link uniqueRows}).
 * @throws ApiError when a window is refused; Error when the list has more than 100 windows
 */
export async function readAllPages<R extends Answer, T>(request: (offset: number, signal?: AbortSignal) => Promise<R>, pick: (data: DataOf<R>) => T[], signal?: AbortSignal): Promise<T[]> {
  const pages: Window<T>[] = [];
  let offset: number | undefined = 0;
  for (let windows = 0; offset !== undefined; windows++) {
    if (windows === MAX_WINDOWS) throw new Error(`The list is longer than ${MAX_WINDOWS} windows; narrow it with a filter.`);
    const window: Window<T> = await readWindowAfter(request, pick, { offset, shown: lastShown(pages) }, signal);
    pages.push(window);
    offset = window.next;
  }
  return uniqueRows(pages.flatMap((page) => page.items));
}

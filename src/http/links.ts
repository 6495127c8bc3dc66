/**
 * `Link` headers of paginated lists (RFC 8288), for both editions: each link is the request's own
 * path and query string with only the paging parameters changed, as a relative reference
 * (`</v1/projects?status=planned&limit=20&offset=40>; rel="next"`), which a client resolves
 * against the URL it called; so it stays right behind any proxy. docs/conventions.md.
 */
import type { FastifyReply } from 'fastify';

/** A link relation of a page. */
export type PageRel = 'first' | 'prev' | 'next' | 'last';

/** One link: its relation and the paging parameters that differ from the request's. */
export interface PageLink {
  rel: PageRel;
  params: Record<string, number>;
}

/** Characters that may not appear raw inside `<…>` of a Link header. */
const UNSAFE = /[<>"\s]/g;

/**
 * The `Link` header value for `links`, relative to `requestUrl` (path and query as received; a
 * repeated parameter stays repeated, a paging parameter is set once); `undefined` when there are none.
 */
export function linkHeader(requestUrl: string, links: readonly PageLink[]): string | undefined {
  if (links.length === 0) return undefined;
  const mark = requestUrl.indexOf('?');
  const path = (mark === -1 ? requestUrl : requestUrl.slice(0, mark)).replace(UNSAFE, encodeURIComponent);
  const query = mark === -1 ? '' : requestUrl.slice(mark + 1);
  return links
    .map(({ rel, params }) => {
      const search = new URLSearchParams(query);
      for (const [name, value] of Object.entries(params)) search.set(name, String(value));
      return `<${path}?${search.toString()}>; rel="${rel}"`;
    })
    .join(', ');
}

/** Sets the `Link` header of `reply` for `links` (nothing when there are none). */
export function setLinks(reply: FastifyReply, links: readonly PageLink[]): void {
  const value = linkHeader(reply.request.url, links);
  if (value) reply.header('link', value);
}

/**
 * Links of a page of a list with a known total (the /api/v1 edition's page/limit): `first` and
 * `prev` after the first page, `next` before the last, `last` when not on it. Pages are 1-based.
 */
export function numberedPageLinks(page: number, limit: number, pages: number): PageLink[] {
  const links: PageLink[] = [];
  if (page > 1) links.push({ rel: 'first', params: { page: 1, limit } });
  if (page > 1 && pages >= 1) links.push({ rel: 'prev', params: { page: Math.min(page - 1, pages), limit } });
  if (page < pages) links.push({ rel: 'next', params: { page: page + 1, limit } });
  if (pages >= 1 && page !== pages) links.push({ rel: 'last', params: { page: pages, limit } });
  return links;
}

/**
 * Links of a window of a list without a total (the /v1 edition's limit/offset): `first` and `prev`
 * after the first window, `next` when more rows follow (`hasMore`).
 */
export function offsetLinks(limit: number, offset: number, hasMore: boolean): PageLink[] {
  const links: PageLink[] = [];
  if (offset > 0) {
    links.push({ rel: 'first', params: { limit, offset: 0 } });
    links.push({ rel: 'prev', params: { limit, offset: Math.max(0, offset - limit) } });
  }
  if (hasMore) links.push({ rel: 'next', params: { limit, offset: offset + limit } });
  return links;
}

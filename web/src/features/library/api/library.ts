/** The reader's library and dashboard: `GET /v1/library/saved`, `/v1/library/watchlist`, `/v1/dashboard/most-read`, `/v1/dashboard/recently-viewed`. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery } from '../../../lib/api/pages';

/** The reader's saved articles, latest saved first, 100 at a time ("Load more"). */
export function useSavedArticles() {
  return useInfiniteQuery(apiPagesQuery(['library', 'saved'],
    (offset, signal) => api.GET('/v1/library/saved', { params: { query: { limit: 100, offset } }, signal }), (d) => d.articles));
}

/** The reader's watched projects, 100 at a time ("Load more"). */
export function useWatchlist() {
  return useInfiniteQuery(apiPagesQuery(['library', 'watchlist'],
    (offset, signal) => api.GET('/v1/library/watchlist', { params: { query: { limit: 100, offset } }, signal }), (d) => d.projects));
}

export function useMostRead() {
  return useQuery({ queryKey: ['dashboard', 'most-read'], queryFn: async () => unwrap(await api.GET('/v1/dashboard/most-read', { params: { query: { limit: 10 } } })).articles });
}

export function useRecentlyViewed() {
  return useQuery({ queryKey: ['dashboard', 'recently-viewed'], queryFn: async () => unwrap(await api.GET('/v1/dashboard/recently-viewed', { params: { query: { limit: 10 } } })).articles });
}

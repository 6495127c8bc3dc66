/** The reader's library and dashboard: `GET /v1/library/saved`, `/v1/library/watchlist`, `/v1/dashboard/most-read`, `/v1/dashboard/recently-viewed`. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useSavedArticles() {
  return useQuery({ queryKey: ['library', 'saved'], queryFn: async () => unwrap(await api.GET('/v1/library/saved', { params: { query: { limit: 200, offset: 0 } } })).articles });
}

export function useWatchlist() {
  return useQuery({ queryKey: ['library', 'watchlist'], queryFn: async () => unwrap(await api.GET('/v1/library/watchlist', { params: { query: { limit: 200, offset: 0 } } })).projects });
}

export function useMostRead() {
  return useQuery({ queryKey: ['dashboard', 'most-read'], queryFn: async () => unwrap(await api.GET('/v1/dashboard/most-read', { params: { query: { limit: 10 } } })).articles });
}

export function useRecentlyViewed() {
  return useQuery({ queryKey: ['dashboard', 'recently-viewed'], queryFn: async () => unwrap(await api.GET('/v1/dashboard/recently-viewed', { params: { query: { limit: 10 } } })).articles });
}

/**
 * The airport requests: `GET /v1/airports` (search by name, IATA code or city), `/v1/airports/{ref}`,
 * its projects (`projects` gate; trial: five), its articles (`archive` gate) and its imagery
 * (`GET /v1/media/airports`).
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery, hasNextLink } from '../../../lib/api/pages';

const key = ['airports'] as const;

export function useAirports(q: string, offset: number) {
  return useQuery({
    queryKey: [...key, 'list', q, offset],
    queryFn: async () => {
      const res = await api.GET('/v1/airports', { params: { query: { ...(q ? { q } : {}), limit: 50, offset } } });
      return { airports: unwrap(res).airports, hasMore: hasNextLink(res.response) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAirport(ref: string) {
  return useQuery({ queryKey: [...key, 'one', ref], queryFn: async () => unwrap(await api.GET('/v1/airports/{ref}', { params: { path: { ref } } })) });
}

/** The airport's projects, 100 at a time ("Load more"). */
export function useAirportProjects(ref: string) {
  return useInfiniteQuery(apiPagesQuery(['projects', 'airport', ref],
    (offset, signal) => api.GET('/v1/airports/{ref}/projects', { params: { path: { ref }, query: { limit: 100, offset } }, signal }), (d) => d.projects));
}

/** The articles naming the airport, 50 at a time ("Load more"). */
export function useAirportArticles(ref: string) {
  return useInfiniteQuery(apiPagesQuery([...key, 'articles', ref],
    (offset, signal) => api.GET('/v1/airports/{ref}/articles', { params: { path: { ref }, query: { limit: 50, offset } }, signal }), (d) => d.articles));
}

export function useAirportMedia(iata: string) {
  return useQuery({
    queryKey: [...key, 'media', iata],
    queryFn: async () => unwrap(await api.GET('/v1/media/airports', { params: { query: { airports: iata } } })).media,
  });
}

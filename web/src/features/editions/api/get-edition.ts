/** `GET /v1/editions/by-number/{number}` (or the latest: `GET /v1/editions?limit=1`) and its articles. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { readAllPages } from '../../../lib/api/pages';

/** The edition with issue `number`, or the latest published one when `number` is undefined (null: none yet). */
export function useEdition(number: number | undefined) {
  return useQuery({
    queryKey: ['editions', 'one', number ?? 'latest'],
    queryFn: async () => {
      if (number === undefined) return unwrap(await api.GET('/v1/editions', { params: { query: { limit: 1, offset: 0 } } })).editions[0] ?? null;
      return unwrap(await api.GET('/v1/editions/by-number/{number}', { params: { path: { number } } }));
    },
  });
}

/** ALL the articles of edition `id`, in edition order (window after window: an issue is read whole). */
export function useEditionArticles(id: string | undefined) {
  return useQuery({
    queryKey: ['editions', id, 'articles'],
    enabled: !!id,
    queryFn: ({ signal }) => readAllPages((offset, s) => api.GET('/v1/editions/{id}/articles', { params: { path: { id: id! }, query: { limit: 200, offset } }, signal: s }), (d) => d.articles, signal),
  });
}

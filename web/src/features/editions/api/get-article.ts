/** `GET /v1/articles/{id}` and `GET /v1/articles/{id}/related`. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const articleQueryKey = (id: string) => ['articles', id] as const;

export function useArticle(id: string) {
  return useQuery({ queryKey: articleQueryKey(id), queryFn: async () => unwrap(await api.GET('/v1/articles/{id}', { params: { path: { id } } })) });
}

export function useRelatedArticles(id: string) {
  return useQuery({
    queryKey: [...articleQueryKey(id), 'related'],
    queryFn: async () => unwrap(await api.GET('/v1/articles/{id}/related', { params: { path: { id }, query: { limit: 4 } } })).articles,
  });
}

/** `GET /v1/articles/{id}`, `GET /v1/articles/{id}/related` and `GET /v1/articles/{id}/projects`. */
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

/** The projects the article mentions (needs `projects`: a 403 is the plan's answer, not retried). */
export function useArticleProjects(id: string) {
  return useQuery({
    queryKey: [...articleQueryKey(id), 'projects'],
    queryFn: async () => unwrap(await api.GET('/v1/articles/{id}/projects', { params: { path: { id }, query: { limit: 20 } } })).projects,
    retry: false,
  });
}

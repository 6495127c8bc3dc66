/**
 * Article-to-project links: `GET|PUT /v1/admin/articles/{id}/projects`, the ranked candidates
 * (`GET …/projects/candidates`) and auto-link (`POST …/projects/auto-link`).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiQueryOf, useApiMutation } from '../../../lib/api/hooks';

const key = (id: string) => ['desk', 'articles', id, 'projects'] as const;

export function useArticleProjects(id: string) {
  return useQuery(apiQueryOf([...key(id), 'linked'], () => api.GET('/v1/admin/articles/{id}/projects', { params: { path: { id } } }), (d) => d.projects));
}

export function useProjectCandidates(id: string) {
  return useQuery(apiQueryOf([...key(id), 'candidates'],
    () => api.GET('/v1/admin/articles/{id}/projects/candidates', { params: { path: { id }, query: { limit: 10 } } }), (d) => d.candidates));
}

export const useSetArticleProjects = (id: string) => useApiMutation((projects: string[]) =>
  api.PUT('/v1/admin/articles/{id}/projects', { params: { path: { id } }, body: { projects } }), { invalidates: key(id) });

export const useAutoLink = (id: string) => useApiMutation(() =>
  api.POST('/v1/admin/articles/{id}/projects/auto-link', { params: { path: { id } }, body: {} }), { invalidates: key(id) });

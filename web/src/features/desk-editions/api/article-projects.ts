/**
 * Article-to-project links: `GET|PUT /v1/admin/articles/{id}/projects`, the ranked candidates
 * (`GET …/projects/candidates`) and auto-link (`POST …/projects/auto-link`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

const key = (id: string) => ['desk', 'articles', id, 'projects'] as const;

export function useArticleProjects(id: string) {
  return useQuery({ queryKey: [...key(id), 'linked'], queryFn: async () => unwrap(await api.GET('/v1/admin/articles/{id}/projects', { params: { path: { id } } })).projects });
}

export function useProjectCandidates(id: string) {
  return useQuery({
    queryKey: [...key(id), 'candidates'],
    queryFn: async () => unwrap(await api.GET('/v1/admin/articles/{id}/projects/candidates', { params: { path: { id }, query: { limit: 10 } } })).candidates,
  });
}

export function useSetArticleProjects(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (projects: string[]) => unwrap(await api.PUT('/v1/admin/articles/{id}/projects', { params: { path: { id } }, body: { projects } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}

export function useAutoLink(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/v1/admin/articles/{id}/projects/auto-link', { params: { path: { id } }, body: {} })),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}

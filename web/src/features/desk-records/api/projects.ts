/**
 * The desk's project requests (`/v1/admin/projects…`): the list in any state, create, conditional
 * update (`If-Match`, decision 0050), delete, and the links (read; replace airports, companies,
 * topics and tags).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminProject = components['schemas']['V1AdminProject'];
export type ProjectLinks = components['schemas']['V1AdminProjectLinks'];

export const projectsKey = ['desk', 'projects'] as const;

export const projectsQuery = (q: string) => queryOptions({
  queryKey: [...projectsKey, 'list', q],
  queryFn: async () => unwrap(await api.GET('/v1/admin/projects', { params: { query: { limit: 100, ...(q ? { q } : {}) } } })).projects,
});
export const useProjects = (q: string) => useQuery(projectsQuery(q));

export const projectQuery = (id: string) => queryOptions({
  queryKey: [...projectsKey, 'one', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/projects/{id}', { params: { path: { id } } })),
});

export const projectLinksQuery = (id: string) => queryOptions({
  queryKey: [...projectsKey, 'links', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/projects/{id}/links', { params: { path: { id } } })),
});
export const useProjectLinks = (id: string) => useQuery(projectLinksQuery(id));

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => unwrap(await api.POST('/v1/admin/projects', { body: body as components['schemas']['ProjectCreate'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsKey }),
  });
}

export function useUpdateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
      unwrap(await api.PATCH('/v1/admin/projects/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['ProjectPatch'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsKey }),
  });
}

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/admin/projects/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsKey }),
  });
}

/** The three replace-the-set writes of a project's links. */
export function useSetProjectLinks(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ airports, companies, topics, tags }: { airports: string[]; companies: { name: string; role: string }[]; topics: string[]; tags: string[] }) => {
      const path = { path: { id } };
      unwrap(await api.PUT('/v1/admin/projects/{id}/airports', { params: path, body: { airports } }));
      unwrap(await api.PUT('/v1/admin/projects/{id}/companies', { params: path, body: { companies: companies as components['schemas']['V1AdminProjectCompanySet']['companies'] } }));
      return unwrap(await api.PUT('/v1/admin/projects/{id}/terms', { params: path, body: { topics, tags } }));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsKey }),
  });
}

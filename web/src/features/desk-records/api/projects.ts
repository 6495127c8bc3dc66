/**
 * The desk's project requests (`/v1/admin/projects…`): the list in any state, create, conditional
 * update (`If-Match`, decision 0050), delete, and the links (read; replace airports, companies,
 * topics and tags).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiQuery, useApiMutation } from '../../../lib/api/hooks';
import { apiPagesQuery } from '../../../lib/api/pages';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminProject = components['schemas']['V1AdminProject'];
export type ProjectLinks = components['schemas']['V1AdminProjectLinks'];

export const projectsKey = ['desk', 'projects'] as const;

/** The list matching `q`, 100 at a time ("Load more"). */
export const projectsQuery = (q: string) => apiPagesQuery([...projectsKey, 'list', q],
  (offset, signal) => api.GET('/v1/admin/projects', { params: { query: { limit: 100, offset, ...(q ? { q } : {}) } }, signal }), (d) => d.projects);
export const useProjects = (q: string) => useInfiniteQuery(projectsQuery(q));

export const projectQuery = (id: string) => apiQuery([...projectsKey, 'one', id], () => api.GET('/v1/admin/projects/{id}', { params: { path: { id } } }));

export const projectLinksQuery = (id: string) => apiQuery([...projectsKey, 'links', id], () => api.GET('/v1/admin/projects/{id}/links', { params: { path: { id } } }));
export const useProjectLinks = (id: string) => useQuery(projectLinksQuery(id));

export const useCreateProject = () => useApiMutation((body: Record<string, unknown>) =>
  api.POST('/v1/admin/projects', { body: body as components['schemas']['ProjectCreate'] }), { invalidates: projectsKey });

export const useUpdateProject = () => useApiMutation(({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
  api.PATCH('/v1/admin/projects/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['ProjectPatch'] }),
{ invalidates: projectsKey });

export const useDeleteProject = () => useApiMutation((id: string) => api.DELETE('/v1/admin/projects/{id}', { params: { path: { id } } }), { invalidates: projectsKey });

/** The three replace-the-set writes of a project's links. */
export const useSetProjectLinks = (id: string) => useApiMutation(async ({ airports, companies, topics, tags }: { airports: string[]; companies: { name: string; role: string }[]; topics: string[]; tags: string[] }) => {
  const path = { path: { id } };
  unwrap(await api.PUT('/v1/admin/projects/{id}/airports', { params: path, body: { airports } }));
  unwrap(await api.PUT('/v1/admin/projects/{id}/companies', { params: path, body: { companies: companies as components['schemas']['V1AdminProjectCompanySet']['companies'] } }));
  return api.PUT('/v1/admin/projects/{id}/terms', { params: path, body: { topics, tags } });
}, { invalidates: projectsKey });

/** `GET /v1/projects/{id}`: the project with its companies and the articles that mention it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { projectsQueryKey } from './list-projects';

export const projectQuery = (id: string) => queryOptions({
  queryKey: [...projectsQueryKey, 'one', id],
  queryFn: async () => unwrap(await api.GET('/v1/projects/{id}', { params: { path: { id } } })),
});

export function useProject(id: string) {
  return useQuery(projectQuery(id));
}

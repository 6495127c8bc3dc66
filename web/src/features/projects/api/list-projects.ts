/** `GET /v1/projects`: one window of the projects matching the filters, and whether another window follows (the `Link` header). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { hasNextLink } from '../../../lib/entitlements';

/** Every parameter of the list (filters, sort, limit, offset). */
export type ProjectQuery = NonNullable<paths['/v1/projects']['get']['parameters']['query']>;
/** A project row. */
export type ProjectRow = paths['/v1/projects']['get']['responses'][200]['content']['application/json']['projects'][number];

export const projectsQueryKey = ['projects'] as const;

export const projectsQuery = (query: ProjectQuery) => queryOptions({
  queryKey: [...projectsQueryKey, 'list', query],
  queryFn: async () => {
    const res = await api.GET('/v1/projects', { params: { query } });
    return { projects: unwrap(res).projects, hasMore: hasNextLink(res.response) };
  },
  placeholderData: keepPreviousData,
});

export function useProjects(query: ProjectQuery) {
  return useQuery(projectsQuery(query));
}

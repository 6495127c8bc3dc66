/** `GET /v1/projects`: one window of the projects matching the filters, and whether another window follows (the `Link` header). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { hasNextLink } from '../../../lib/api/pages';
import { entitlementsQuery } from '../../../lib/entitlements';
import { queryClient } from '../../../lib/query-client';

/** Every parameter of the list (filters, sort, limit, offset). */
export type ProjectQuery = NonNullable<paths['/v1/projects']['get']['parameters']['query']>;
/** A project row. */
export type ProjectRow = paths['/v1/projects']['get']['responses'][200]['content']['application/json']['projects'][number];

export const projectsQueryKey = ['projects'] as const;

export const projectsQuery = (query: ProjectQuery) => queryOptions({
  queryKey: [...projectsQueryKey, 'list', query],
  queryFn: async ({ signal }) => {
    const res = await api.GET('/v1/projects', { params: { query }, signal });
    return { projects: unwrap(res).projects, hasMore: hasNextLink(res.response) };
  },
  placeholderData: keepPreviousData,
});

/** Rows per window of the `/projects` page. */
export const PROJECTS_PAGE = 50;
const TEXT = ['q', 'country', 'status', 'region', 'type', 'terms', 'company_id', 'parent_project_id', 'sort'] as const;
const NUMBERS = ['min_value', 'max_value', 'year_from', 'year_to', 'offset'] as const;

/** The `/projects` page's list query from its URL parameters (exactly those of `GET /v1/projects`; malformed values are left for the API to refuse). */
export function projectQueryOf(params: URLSearchParams): ProjectQuery {
  const q: Record<string, string | number> = {};
  for (const k of TEXT) { const v = params.get(k); if (v) q[k] = v; }
  for (const k of NUMBERS) { const v = params.get(k); if (v !== null && v !== '' && Number.isFinite(Number(v))) q[k] = Number(v); }
  return { ...q, limit: PROJECTS_PAGE } as ProjectQuery;
}

/** The `/projects` route's loader: starts the list's request (and `/v1/me`) with the navigation (beside the page's code), never blocks it. */
export function projectsLoader({ request }: { request: Request }): null {
  void queryClient.prefetchQuery(projectsQuery(projectQueryOf(new URL(request.url).searchParams)));
  void queryClient.prefetchQuery(entitlementsQuery);
  return null;
}

export function useProjects(query: ProjectQuery) {
  return useQuery(projectsQuery(query));
}

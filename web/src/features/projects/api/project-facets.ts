/** `GET /v1/projects/facets`: statuses, regions, countries, types, topics and tags with counts, for the same filters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { projectsQueryKey } from './list-projects';

export type ProjectFacetQuery = NonNullable<paths['/v1/projects/facets']['get']['parameters']['query']>;

export function useProjectFacets(query: ProjectFacetQuery) {
  return useQuery({
    queryKey: [...projectsQueryKey, 'facets', query],
    queryFn: async ({ signal }) => unwrap(await api.GET('/v1/projects/facets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/tenders/facets`: statuses, types, regions, countries, topics and tags with counts, for the same filters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { tendersQueryKey } from './list-tenders';

export type TenderFacetQuery = NonNullable<paths['/v1/tenders/facets']['get']['parameters']['query']>;

export function useTenderFacets(query: TenderFacetQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...tendersQueryKey, 'facets', query],
    queryFn: async ({ signal }) => unwrap(await api.GET('/v1/tenders/facets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

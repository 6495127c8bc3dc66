/** `GET /v1/reference`: countries, regions, topics (cached for the page load). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const referenceQuery = queryOptions({ queryKey: ['reference'], queryFn: async () => unwrap(await api.GET('/v1/reference')), staleTime: 3_600_000 });

export function useReference() {
  return useQuery(referenceQuery);
}

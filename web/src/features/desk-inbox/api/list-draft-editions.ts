/** `GET /v1/admin/editions?status=draft`: the editions an item can be promoted onto. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const draftEditionsQuery = queryOptions({
  queryKey: ['desk', 'editions', { status: 'draft' }],
  queryFn: async () => unwrap(await api.GET('/v1/admin/editions', { params: { query: { status: 'draft', limit: 50 } } })).editions,
});

export function useDraftEditions() {
  return useQuery(draftEditionsQuery);
}

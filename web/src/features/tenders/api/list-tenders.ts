/** `GET /v1/tenders`: one window of the tenders matching the filters (default: open and closing soon, nearest deadline first), and whether more follow. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { hasNextLink } from '../../../lib/api/pages';

export type TenderQuery = NonNullable<paths['/v1/tenders']['get']['parameters']['query']>;

export const tendersQueryKey = ['tenders'] as const;

export function useTenders(query: TenderQuery) {
  return useQuery({
    queryKey: [...tendersQueryKey, 'list', query],
    queryFn: async ({ signal }) => {
      const res = await api.GET('/v1/tenders', { params: { query }, signal });
      return { tenders: unwrap(res).tenders, hasMore: hasNextLink(res.response) };
    },
    placeholderData: keepPreviousData,
  });
}

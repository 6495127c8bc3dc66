/** `GET /v1/billing/quote`: the authoritative total of a purchase, from the catalogue. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';

export type QuoteQuery = NonNullable<paths['/v1/billing/quote']['get']['parameters']['query']>;

export function useQuote(query: QuoteQuery | null) {
  return useQuery({
    queryKey: ['quote', query],
    queryFn: async () => unwrap(await api.GET('/v1/billing/quote', { params: { query: query! } })),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

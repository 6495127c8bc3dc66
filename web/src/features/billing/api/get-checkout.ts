/** `GET /v1/billing/checkout/{id}`: the checkout's state, polled until it completes. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useCheckout(id: string | null, refetchInterval: number | false) {
  return useQuery({
    queryKey: ['billing', 'checkout', id],
    queryFn: async () => unwrap(await api.GET('/v1/billing/checkout/{id}', { params: { path: { id: id! } } })),
    enabled: id !== null,
    refetchInterval,
  });
}

/** `GET /v1/billing/config`: whether checkout is on for this deployment. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useBillingConfig() {
  return useQuery({ queryKey: ['billing', 'config'], queryFn: async () => unwrap(await api.GET('/v1/billing/config')), staleTime: 3_600_000 });
}

/** `GET /v1/plans`: the plans on sale with their features and add-ons (to name what includes tenders). */
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { unwrap } from './api/errors';

export function usePlanCatalogue(enabled: boolean) {
  return useQuery({ queryKey: ['plans'], queryFn: async () => unwrap(await api.GET('/v1/plans')).plans, enabled, staleTime: 600_000 });
}

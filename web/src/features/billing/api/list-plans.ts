/** `GET /v1/plans`: the plans on sale with their price book and add-ons. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: async () => unwrap(await api.GET('/v1/plans')).plans, staleTime: 3_600_000 });
}

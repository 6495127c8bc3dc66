/** `GET /v1/tenders/{id}`: one tender with its bidders. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { tendersQueryKey } from './list-tenders';

export function useTender(id: string) {
  return useQuery({
    queryKey: [...tendersQueryKey, 'one', id],
    queryFn: async () => unwrap(await api.GET('/v1/tenders/{id}', { params: { path: { id } } })),
  });
}

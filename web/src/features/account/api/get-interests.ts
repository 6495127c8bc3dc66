/** `GET /v1/account/interests`. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const interestsQueryKey = ['account', 'interests'] as const;

export function useInterests() {
  return useQuery({ queryKey: interestsQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/interests')) });
}

/** `GET /v1/account/profile`. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const profileQueryKey = ['account', 'profile'] as const;

export const profileQuery = queryOptions({ queryKey: profileQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/profile')) });

export function useProfile() {
  return useQuery(profileQuery);
}

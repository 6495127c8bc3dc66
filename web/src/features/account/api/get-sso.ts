/** `GET /v1/account/sso`: the company sign-in of an Enterprise account (owner only). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const ssoQueryKey = ['account', 'sso'] as const;

export function useSso() {
  return useQuery({ queryKey: ssoQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/sso')).sso });
}

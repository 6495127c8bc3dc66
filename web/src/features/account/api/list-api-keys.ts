/** `GET /v1/account/api-keys`: the caller's keys (never the plaintext). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const apiKeysQueryKey = ['account', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/api-keys')).keys });
}

/** `GET /v1/account/api-keys`: the caller's keys (never the plaintext). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const apiKeysQueryKey = ['account', 'api-keys'] as const;

export const apiKeysQuery = queryOptions({ queryKey: apiKeysQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/api-keys')).keys });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** `POST /v1/account/api-keys`: mints a key; the plaintext is in this answer only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { apiKeysQueryKey } from './list-api-keys';

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1ApiKeyCreate']) => unwrap(await api.POST('/v1/account/api-keys', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

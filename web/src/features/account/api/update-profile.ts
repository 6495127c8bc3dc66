/** `PATCH /v1/account/profile`: the fields sent change, null clears one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { profileQueryKey } from './get-profile';

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1ProfilePatch']) => unwrap(await api.PATCH('/v1/account/profile', { body })),
    onSuccess: (profile) => qc.setQueryData(profileQueryKey, profile),
  });
}

/** `PUT /v1/account/interests`: the whole set. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { interestsQueryKey } from './get-interests';

export function useReplaceInterests() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1InterestsInput']) => unwrap(await api.PUT('/v1/account/interests', { body })),
    onSuccess: (interests) => qc.setQueryData(interestsQueryKey, interests),
  });
}

/** `PUT /v1/preferences`: every field. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { preferencesQueryKey } from './get-preferences';

export function usePutPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1Preferences']) => unwrap(await api.PUT('/v1/preferences', { body })),
    onSuccess: (prefs) => qc.setQueryData(preferencesQueryKey, prefs),
  });
}

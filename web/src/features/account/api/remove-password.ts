/** `DELETE /v1/account/password`: sign in with email links only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { meQueryKey } from './get-me';

export function useRemovePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => { unwrap(await api.DELETE('/v1/account/password')); },
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}

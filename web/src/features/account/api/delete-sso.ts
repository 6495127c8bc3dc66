/** `DELETE /v1/account/sso`: turns the company sign-in off. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ssoQueryKey } from './get-sso';

export function useDeleteSso() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => { unwrap(await api.DELETE('/v1/account/sso')); },
    onSuccess: () => qc.setQueryData(ssoQueryKey, null),
  });
}

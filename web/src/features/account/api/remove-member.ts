/** `DELETE /v1/account/members/{user_id}`: removes a member (their keys under this account are revoked). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => unwrap(await api.DELETE('/v1/account/members/{user_id}', { params: { path: { user_id: userId } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['account'] }),
  });
}

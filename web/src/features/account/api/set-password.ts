/** `PUT /v1/account/password`: sets or changes the password (the user's other sessions end). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { meQueryKey } from './get-me';

export function useSetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { current_password?: string; password: string }) => { unwrap(await api.PUT('/v1/account/password', { body })); },
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** `POST /v1/auth/password-reset`: emails a link to choose a new password. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: { email: string }) => unwrap(await api.POST('/v1/auth/password-reset', { body })),
  });
}

/** `POST /v1/auth/sign-up`: emails a link that verifies the address and signs in. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: { email: string; name?: string; return_to?: string }) => unwrap(await api.POST('/v1/auth/sign-up', { body })),
  });
}

/** `POST /v1/auth/email-link`: emails a one-time sign-in link. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useRequestEmailLink() {
  return useMutation({
    mutationFn: async (body: { email: string; return_to?: string }) => unwrap(await api.POST('/v1/auth/email-link', { body })),
  });
}

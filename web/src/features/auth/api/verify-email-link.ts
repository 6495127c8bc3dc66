/** `POST /v1/auth/email-link/verify`: the emailed link's token opens a session (once). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SignedIn } from '../../../lib/api/paths';
import { rememberSession } from '../../../lib/session';

export function useVerifyEmailLink() {
  return useMutation({
    mutationFn: async (token: string) => unwrap(await api.POST('/v1/auth/email-link/verify', { body: { token } })) as SignedIn,
    onSuccess: rememberSession,
  });
}

/** `POST /v1/auth/password-reset/complete`: the emailed token and the new password; opens a session. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SignedIn } from '../../../lib/api/paths';
import { rememberSession } from '../../../lib/session';

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string }) => unwrap(await api.POST('/v1/auth/password-reset/complete', { body })) as SignedIn,
    onSuccess: rememberSession,
  });
}

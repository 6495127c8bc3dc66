/** `POST /v1/auth/sign-in`: email and password. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SignedIn } from '../../../lib/api/paths';
import { rememberSession } from '../../../lib/session';

export function useSignIn() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) => unwrap(await api.POST('/v1/auth/sign-in', { body })) as SignedIn,
    onSuccess: rememberSession,
  });
}

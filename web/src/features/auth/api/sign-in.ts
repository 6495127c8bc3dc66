/** `POST /v1/auth/sign-in`: email and password. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { onSignedIn, type SignedIn } from './signed-in';

export function useSignIn() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) => unwrap(await api.POST('/v1/auth/sign-in', { body })) as SignedIn,
    onSuccess: onSignedIn,
  });
}

/** `POST /v1/account/invitations/{code}`: joins the account (creating the user when new) and signs this browser in. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { rememberSession } from '../../../lib/session';

export function useAcceptInvitation(code: string) {
  return useMutation({
    mutationFn: async (body: { name?: string }) =>
      unwrap(await api.POST('/v1/account/invitations/{code}', { params: { path: { code } }, body })) as { account_name: string; csrf_token?: string },
    onSuccess: rememberSession,
  });
}

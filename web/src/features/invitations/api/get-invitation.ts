/** `GET /v1/account/invitations/{code}`: who invites whom into which account (no sign-in needed). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { InvitationView } from '../../../lib/api/paths';

export function useInvitation(code: string) {
  return useQuery({
    queryKey: ['invitation', code],
    queryFn: async () => (unwrap(await api.GET('/v1/account/invitations/{code}', { params: { path: { code } } })) as { invitation: InvitationView }).invitation,
  });
}

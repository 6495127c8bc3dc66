/** `POST /v1/account/members`: an existing user joins, a new address gets an invitation email. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1MemberInvite']) => unwrap(await api.POST('/v1/account/members', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['account'] }),
  });
}

/** `PUT /v1/account/sso`: issuer, client id, secret (never read back) and the email domains it covers. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ssoQueryKey } from './get-sso';

export function usePutSso() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { issuer: string; client_id: string; client_secret?: string; domains: string[] }) => unwrap(await api.PUT('/v1/account/sso', { body })).sso,
    onSuccess: (sso) => qc.setQueryData(ssoQueryKey, sso),
  });
}

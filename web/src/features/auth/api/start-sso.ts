/** `POST /v1/auth/sso/start`: the company's sign-in page for an address whose domain has one (else 404). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useStartSso() {
  return useMutation({
    mutationFn: async (body: { email: string; return_to?: string }) => unwrap(await api.POST('/v1/auth/sso/start', { body })) as { authorization_url: string },
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

/** `POST /v1/oauth/interactions/{uid}`: allow or deny; answers where the browser goes next. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useDecideInteraction(uid: string) {
  return useMutation({
    mutationFn: async (decision: 'allow' | 'deny') =>
      unwrap(await api.POST('/v1/oauth/interactions/{uid}', { params: { path: { uid } }, body: { decision } })).redirect_to,
  });
}

/** `GET /v1/oauth/interactions/{uid}`: what an app asks to do for the signed-in person. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useInteraction(uid: string) {
  return useQuery({
    queryKey: ['oauth', 'interaction', uid],
    queryFn: async () => unwrap(await api.GET('/v1/oauth/interactions/{uid}', { params: { path: { uid } } })),
    enabled: uid.length > 0,
    retry: false,
  });
}

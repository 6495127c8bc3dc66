/** `DELETE /v1/account/sessions/{id}`: ends one session (its next request is refused). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { sessionsQueryKey } from './list-sessions';

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => { unwrap(await api.DELETE('/v1/account/sessions/{id}', { params: { path: { id } } })); },
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

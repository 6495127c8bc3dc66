/** `DELETE /v1/account/connected-apps/{client_id}`: disconnects an app (its tokens stop on their next request). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { connectedAppsQueryKey } from './list-connected-apps';

export function useRevokeConnectedApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (clientId: string) => { unwrap(await api.DELETE('/v1/account/connected-apps/{client_id}', { params: { path: { client_id: clientId } } })); },
    onSuccess: () => qc.invalidateQueries({ queryKey: connectedAppsQueryKey }),
  });
}

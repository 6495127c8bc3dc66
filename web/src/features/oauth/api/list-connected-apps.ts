/** `GET /v1/account/connected-apps`: the apps the person connected. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const connectedAppsQueryKey = ['account', 'connected-apps'] as const;

export function useConnectedApps() {
  return useQuery({ queryKey: connectedAppsQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/connected-apps')).connected_apps });
}

/** `GET /v1/account/sessions`: the user's browser sessions. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/sessions')).sessions });
}

/** `GET /v1/auth/session`: whether this browser is signed in, and the session's CSRF token. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SessionState } from '../../../lib/api/paths';
import { sessionQueryKey } from '../../../lib/session';

export { sessionQueryKey };

export async function getSession(): Promise<SessionState> {
  const state = unwrap(await api.GET('/v1/auth/session')) as SessionState;
  setCsrfToken(state.authenticated ? state.csrf_token : null);
  return state;
}

export const sessionQuery = queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQuery);
}

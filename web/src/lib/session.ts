/** The browser's session as the app keeps it: the cache key of `GET /v1/auth/session`, and forgetting it. */
import { setCsrfToken } from './api/client';
import { queryClient } from './query-client';

/** The query key of `GET /v1/auth/session`. */
export const sessionQueryKey = ['auth', 'session'] as const;

/** After signing out (here or everywhere): no token, nothing cached of the person, signed out. */
export function forgetSession(): void {
  setCsrfToken(null);
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, { authenticated: false });
}

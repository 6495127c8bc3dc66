/**
 * The browser's session as the app keeps it: the cache key of `GET /v1/auth/session`, taking a new
 * session from an answer that opened one, and forgetting it.
 */
import { setCsrfToken } from './api/client';
import type { SessionUser } from './api/paths';
import { queryClient } from './query-client';

/** The query key of `GET /v1/auth/session`. */
export const sessionQueryKey = ['auth', 'session'] as const;

/** After signing out (here or everywhere): no token, nothing cached of the person, signed out. */
export function forgetSession(): void {
  setCsrfToken(null);
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, { authenticated: false });
}

/**
 * After an answer that opened a session (sign-in, link, reset, invitation): keep its CSRF token, drop
 * what was cached for whoever was signed in before, and know the new session before the next page
 * asks (useMutation awaits this before the caller's onSuccess navigates).
 */
export async function rememberSession(answer: { csrf_token?: string | null; user?: SessionUser; expires_at?: string }): Promise<void> {
  setCsrfToken(answer.csrf_token);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  if (answer.user && answer.csrf_token && answer.expires_at) {
    queryClient.setQueryData(sessionQueryKey, { authenticated: true, user: answer.user, csrf_token: answer.csrf_token, expires_at: answer.expires_at });
  } else {
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  }
}

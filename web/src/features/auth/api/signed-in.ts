/**
 * What every answer that opens a session does in the browser: keep the CSRF token, drop what was
 * cached for whoever was signed in before, and know the new session before the next page asks
 * (useMutation awaits this before the caller's onSuccess navigates).
 */
import { setCsrfToken } from '../../../lib/api/client';
import type { SignedIn } from '../../../lib/api/paths';
import { queryClient } from '../../../lib/query-client';
import { sessionQueryKey } from '../../../lib/session';

export async function onSignedIn(answer: { csrf_token?: string | null; user?: SignedIn['user']; expires_at?: string }): Promise<void> {
  setCsrfToken(answer.csrf_token);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  if (answer.user && answer.csrf_token && answer.expires_at) {
    queryClient.setQueryData(sessionQueryKey, { authenticated: true, user: answer.user, csrf_token: answer.csrf_token, expires_at: answer.expires_at });
  } else {
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  }
}

export type { SignedIn };

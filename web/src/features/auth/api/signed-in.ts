/** What every answer that opens a session does in the browser: keep the CSRF token, refresh the cache. */
import { setCsrfToken } from '../../../lib/api/client';
import type { SignedIn } from '../../../lib/api/paths';
import { queryClient } from '../../../lib/query-client';
import { sessionQueryKey } from '../../../lib/session';

export function onSignedIn(answer: { csrf_token?: string | null }): void {
  setCsrfToken(answer.csrf_token);
  // Everything cached belonged to whoever was signed in before.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export type { SignedIn };

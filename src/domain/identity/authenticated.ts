/** What an authentication resolves, besides the identity: how long it holds by the clock alone. */
import type { Identity } from '../context.js';

/** A resolved credential. */
export interface Authenticated {
  identity: Identity;
  /**
   * The first instant at which this answer stops being true with no write at all (the session's
   * or the key's expiry, the end of the subscription's current period); null: none.
   */
  validUntil: Date | null;
  /** API keys: the `last_used_at` now stored; sessions: the `last_seen_at` now stored. */
  lastUsedAt: Date | null;
  /** Sessions: whether the session dies of inactivity (a browser session). */
  idle?: boolean;
}

/** The earliest of some instants (null ones ignored); null when all are null. */
export function earliest(...instants: (Date | null | undefined)[]): Date | null {
  let first: Date | null = null;
  for (const t of instants) if (t && (!first || t.getTime() < first.getTime())) first = t;
  return first;
}

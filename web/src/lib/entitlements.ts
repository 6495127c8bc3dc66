/**
 * What the signed-in reader's plan opens (`GET /v1/me`): full features, and the gates a trial only
 * previews (narrowed lists: five projects, three tenders). Shared by the reader's pages, which say
 * so on the page ({@link ../components/plan-notice}).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { unwrap } from './api/errors';

/** The same cache entry as the account pages' `/v1/me` (key `['me']`). */
export const entitlementsQuery = queryOptions({ queryKey: ['me'] as const, queryFn: async () => unwrap(await api.GET('/v1/me')) });

/** `{ has(feature), preview(feature) }` once `/v1/me` answered; `undefined` while it loads. */
export function useEntitlements() {
  const me = useQuery(entitlementsQuery);
  if (!me.data) return undefined;
  const features = new Set<string>(me.data.features);
  const previews = new Set<string>(me.data.previews);
  return {
    /** Full access (or an administrator). */
    has: (feature: string) => me.data.is_admin || features.has(feature),
    /** Reached only as a trial preview (narrowed, not refused). */
    preview: (feature: string) => !me.data.is_admin && !features.has(feature) && previews.has(feature),
  };
}

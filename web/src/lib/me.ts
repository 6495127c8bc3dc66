/**
 * `GET /v1/me` for the reader's pages: which features the caller holds in full and which in a
 * trial preview, to say where a plan narrows or excludes a feature (and link to the upgrade).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { unwrap } from './api/errors';

export type Feature = 'archive' | 'projects' | 'alerts' | 'wat' | 'api' | 'mcp' | 'exports' | 'ai_assistant';

export function useEntitlements() {
  return useQuery({
    queryKey: ['me', 'entitlements'],
    staleTime: 60_000,
    queryFn: async () => {
      const me = unwrap(await api.GET('/v1/me'));
      const features = new Set<string>(me.features);
      const previews = new Set<string>(me.previews);
      return {
        has: (f: Feature) => features.has(f),
        preview: (f: Feature) => !features.has(f) && previews.has(f),
        subscribed: me.subscription_id !== null || me.is_admin,
      };
    },
  });
}

/** The names of the plans on sale that include `features` in full (for "included in …" notices). */
export function usePlansIncluding(...features: Feature[]) {
  return useQuery({
    queryKey: ['plans'],
    staleTime: 3_600_000,
    queryFn: async () => unwrap(await api.GET('/v1/plans')).plans,
    select: (plans) => plans.filter((p) => features.every((f) => (p.features as string[]).includes(f))).map((p) => p.name),
  });
}

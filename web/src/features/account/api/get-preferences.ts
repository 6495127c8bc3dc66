/** `GET /v1/preferences`: digest settings. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const preferencesQueryKey = ['preferences'] as const;

export function usePreferences() {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: async () => unwrap(await api.GET('/v1/preferences')) });
}

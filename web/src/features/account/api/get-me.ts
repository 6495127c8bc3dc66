/** `GET /v1/me`: features, previews, admin flag (and has_password once the sign-in API adds it). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';

type Me = paths['/v1/me']['get']['responses'][200]['content']['application/json'] & { has_password?: boolean };

export const meQueryKey = ['me'] as const;

export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: async (): Promise<Me> => unwrap(await api.GET('/v1/me')) });

export function useMe() {
  return useQuery(meQuery);
}

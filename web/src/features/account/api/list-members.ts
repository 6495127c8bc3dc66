/** `GET /v1/account/members`: members (owner first) and open invitations. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const membersQueryKey = ['account', 'members'] as const;

export const membersQuery = queryOptions({ queryKey: membersQueryKey, queryFn: async () => unwrap(await api.GET('/v1/account/members')).members });

export function useMembers() {
  return useQuery(membersQuery);
}

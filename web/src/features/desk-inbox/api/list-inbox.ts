/** `GET /v1/admin/inbox`: candidates, highest score first (unscored last), then newest. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components, paths } from '../../../lib/api/schema';

/** One inbox item as the API reads it. */
export type InboxItem = components['schemas']['V1AdminInboxItem'];
/** The list's filters (status, source); the score filter is applied to the answer (see {@link useInbox}). */
export type InboxFilter = NonNullable<paths['/v1/admin/inbox']['get']['parameters']['query']>;

export const inboxQueryKey = ['desk', 'inbox'] as const;

/** The first 200 items matching `filter` (the list is ordered by score, so a minimum score keeps a prefix of it). */
export const inboxQuery = (filter: Pick<InboxFilter, 'status' | 'source'>) => queryOptions({
  queryKey: [...inboxQueryKey, filter],
  queryFn: async () => unwrap(await api.GET('/v1/admin/inbox', { params: { query: { ...filter, limit: 200 } } })).items,
  placeholderData: keepPreviousData,
});

export function useInbox(filter: Pick<InboxFilter, 'status' | 'source'>) {
  return useQuery(inboxQuery(filter));
}

/** `GET /v1/admin/inbox`: candidates, highest score first (unscored last), then newest. */
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiPagesQuery, type Window, type WindowParam } from '../../../lib/api/pages';
import type { components, paths } from '../../../lib/api/schema';

/** One inbox item as the API reads it. */
export type InboxItem = components['schemas']['V1AdminInboxItem'];
/** The list's filters (status, source, a minimum score), all applied by the service. */
export type InboxFilter = NonNullable<paths['/v1/admin/inbox']['get']['parameters']['query']>;
/** The filters the desk's inbox offers. */
export type DeskInboxFilter = Pick<InboxFilter, 'status' | 'source' | 'min_score'>;

export const inboxQueryKey = ['desk', 'inbox'] as const;

/**
 * The items matching `filter`, 200 at a time ("Load more"). The cache holds the windows read
 * (`InfiniteData` of {@link Window}s); `data` is their items in order.
 */
export const inboxQuery = (filter: DeskInboxFilter) => ({
  ...apiPagesQuery([...inboxQueryKey, filter], (offset, signal) => api.GET('/v1/admin/inbox', { params: { query: { ...filter, limit: 200, offset } }, signal }), (d) => d.items),
  placeholderData: keepPreviousData,
});

export function useInbox(filter: DeskInboxFilter) {
  return useInfiniteQuery(inboxQuery(filter));
}

/** The cached windows of one inbox list. */
export type InboxWindows = InfiniteData<Window<InboxItem>, WindowParam>;

/**
 * The reader's notifications: `GET /v1/notifications`, `GET /v1/notifications/count` (the bell:
 * polled only while the tab is visible), `POST /v1/notifications/read`.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery } from '../../../lib/api/pages';

export const notificationsQueryKey = ['notifications'] as const;
/** How often the bell asks while the tab is visible (milliseconds). */
export const BELL_POLL_MS = 15_000;

/** The reader's notifications, newest first, 100 at a time ("Load more"); the unread count is {@link useUnreadCount}'s. */
export function useNotifications() {
  return useInfiniteQuery(apiPagesQuery([...notificationsQueryKey, 'list'],
    (offset, signal) => api.GET('/v1/notifications', { params: { query: { limit: 100, offset } }, signal }), (d) => d.notifications));
}

/**
 * The unread count: refetched every {@link BELL_POLL_MS} only while `document.visibilityState` is
 * `visible` (a hidden tab asks nothing; showing it again refetches at once, on window focus).
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'count'],
    enabled,
    queryFn: async () => unwrap(await api.GET('/v1/notifications/count')).unread,
    refetchInterval: () => (typeof document !== 'undefined' && document.visibilityState === 'visible' ? BELL_POLL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { all: true } | { ids: string[] }) => unwrap(await api.POST('/v1/notifications/read', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

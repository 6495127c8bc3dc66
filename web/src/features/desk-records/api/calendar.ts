/**
 * The desk's calendar requests (`/v1/admin/calendar…`): every event (past and hidden ones too),
 * create, conditional update (`If-Match`, decision 0050), delete.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminEvent = components['schemas']['V1AdminCalendarEvent'];

export const eventsKey = ['desk', 'calendar'] as const;

export const eventsQuery = (q: string) => queryOptions({
  queryKey: [...eventsKey, 'list', q],
  queryFn: async () => unwrap(await api.GET('/v1/admin/calendar', { params: { query: { limit: 200, ...(q ? { q } : {}) } } })).events,
});
export const useEvents = (q: string) => useQuery(eventsQuery(q));

export const eventQuery = (id: string) => queryOptions({
  queryKey: [...eventsKey, 'one', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/calendar/{id}', { params: { path: { id } } })),
});

export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => unwrap(await api.POST('/v1/admin/calendar', { body: body as components['schemas']['V1AdminCalendarEventCreate'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey }),
  });
}

export function useUpdateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
      unwrap(await api.PATCH('/v1/admin/calendar/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['V1AdminCalendarEventPatch'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey }),
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/admin/calendar/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey }),
  });
}

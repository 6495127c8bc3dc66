/**
 * The desk's calendar requests (`/v1/admin/calendar…`): every event (past and hidden ones too),
 * create, conditional update (`If-Match`, decision 0050), delete.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiQuery, useApiMutation } from '../../../lib/api/hooks';
import { apiPagesQuery } from '../../../lib/api/pages';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminEvent = components['schemas']['V1AdminCalendarEvent'];

export const eventsKey = ['desk', 'calendar'] as const;

/** The list matching `q`, 200 at a time ("Load more"). */
export const eventsQuery = (q: string) => apiPagesQuery([...eventsKey, 'list', q],
  (offset, signal) => api.GET('/v1/admin/calendar', { params: { query: { limit: 200, offset, ...(q ? { q } : {}) } }, signal }), (d) => d.events);
export const useEvents = (q: string) => useInfiniteQuery(eventsQuery(q));

export const eventQuery = (id: string) => apiQuery([...eventsKey, 'one', id], () => api.GET('/v1/admin/calendar/{id}', { params: { path: { id } } }));

export const useCreateEvent = () => useApiMutation((body: Record<string, unknown>) =>
  api.POST('/v1/admin/calendar', { body: body as components['schemas']['V1AdminCalendarEventCreate'] }), { invalidates: eventsKey });

export const useUpdateEvent = () => useApiMutation(({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
  api.PATCH('/v1/admin/calendar/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['V1AdminCalendarEventPatch'] }),
{ invalidates: eventsKey });

export const useDeleteEvent = () => useApiMutation((id: string) => api.DELETE('/v1/admin/calendar/{id}', { params: { path: { id } } }), { invalidates: eventsKey });

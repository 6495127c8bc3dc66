/**
 * The desk's news-source requests (`/v1/admin/sources…`): the list with the polling state, one
 * source, add, change (enable or disable too; conditional: `If-Match` with the version the page
 * loaded, decision 0050), and poll one source now.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type NewsSource = components['schemas']['V1NewsSource'];
export type PollReport = components['schemas']['V1SourcePollResult'];

export const sourcesKey = ['desk', 'sources'] as const;

export const sourcesQuery = queryOptions({ queryKey: sourcesKey, queryFn: async () => unwrap(await api.GET('/v1/admin/sources')).sources });
export const useSources = () => useQuery(sourcesQuery);

/** Source `id` as stored now (a stale form's reload). */
export const readSource = async (id: string) => unwrap(await api.GET('/v1/admin/sources/{id}', { params: { path: { id } } }));

export function useCreateSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1NewsSourceCreate']) => unwrap(await api.POST('/v1/admin/sources', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: sourcesKey }),
  });
}

/** Saves `body` from `version` (the one the page loaded); a stale version is refused with 409. */
export function useUpdateSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id: string; version: string; body: components['schemas']['V1NewsSourcePatch'] }) =>
      unwrap(await api.PATCH('/v1/admin/sources/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: sourcesKey }),
  });
}

export function usePollSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/v1/admin/sources/{id}/poll', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: sourcesKey }),
  });
}

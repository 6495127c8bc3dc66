/**
 * The desk's procurement requests (`/v1/admin/procurement…`): the list (status filter), one request
 * with its review trail, and adding a review (its decision becomes the request's status).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';

export type ProcurementRequest = components['schemas']['V1AdminProcurementRequest'];
export type ReviewInput = components['schemas']['V1AdminProcurementReviewInput'];
type Status = ProcurementRequest['status'];

export const procurementKey = ['desk', 'procurement'] as const;

export const procurementListQuery = (status: Status | null) => queryOptions({
  queryKey: [...procurementKey, 'list', status],
  queryFn: async () => unwrap(await api.GET('/v1/admin/procurement', { params: { query: { limit: 100, ...(status ? { status } : {}) } } })).requests,
});
export const useProcurementRequests = (status: Status | null) => useQuery(procurementListQuery(status));

export const procurementQuery = (id: string) => queryOptions({
  queryKey: [...procurementKey, 'one', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/procurement/{id}', { params: { path: { id } } })),
});
export const useProcurementRequest = (id: string) => useQuery(procurementQuery(id));

export function useAddReview(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewInput) => unwrap(await api.POST('/v1/admin/procurement/{id}/reviews', { params: { path: { id } }, body })),
    onSuccess: (detail) => {
      qc.setQueryData(procurementQuery(id).queryKey, detail);
      return qc.invalidateQueries({ queryKey: [...procurementKey, 'list'] });
    },
  });
}

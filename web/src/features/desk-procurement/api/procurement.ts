/**
 * The desk's procurement requests (`/v1/admin/procurement…`): the list (status filter), one request
 * with its review trail, and adding a review (its decision becomes the request's status).
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery } from '../../../lib/api/pages';
import type { components } from '../../../lib/api/schema';

export type ProcurementRequest = components['schemas']['V1AdminProcurementRequest'];
export type ReviewInput = components['schemas']['V1AdminProcurementReviewInput'];
type Status = ProcurementRequest['status'];

export const procurementKey = ['desk', 'procurement'] as const;

/** The requests in `status` (all when null), 100 at a time ("Load more"). */
export const procurementListQuery = (status: Status | null) => apiPagesQuery([...procurementKey, 'list', status],
  (offset, signal) => api.GET('/v1/admin/procurement', { params: { query: { limit: 100, offset, ...(status ? { status } : {}) } }, signal }), (d) => d.requests);
export const useProcurementRequests = (status: Status | null) => useInfiniteQuery(procurementListQuery(status));

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

/** The reader's alert rules: `GET/POST /v1/alert-rules`, `PATCH/DELETE /v1/alert-rules/{id}`. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery } from '../../../lib/api/pages';
import type { paths } from '../../../lib/api/schema';

export const alertRulesQueryKey = ['alert-rules'] as const;
export type AlertRuleCreate = paths['/v1/alert-rules']['post']['requestBody']['content']['application/json'];
export type AlertRulePatch = NonNullable<paths['/v1/alert-rules/{id}']['patch']['requestBody']>['content']['application/json'];

/** The reader's alert rules, 100 at a time ("Load more"). */
export function useAlertRules() {
  return useInfiniteQuery(apiPagesQuery(alertRulesQueryKey,
    (offset, signal) => api.GET('/v1/alert-rules', { params: { query: { limit: 100, offset } }, signal }), (d) => d.rules));
}

export function useCreateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AlertRuleCreate) => unwrap(await api.POST('/v1/alert-rules', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}

export function useUpdateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: AlertRulePatch }) => unwrap(await api.PATCH('/v1/alert-rules/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}

export function useDeleteAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/alert-rules/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertRulesQueryKey }),
  });
}

/**
 * The newsletter of an edition: the digest (`GET /v1/admin/editions/{id}/newsletter/digest`), the dry
 * run (`…/newsletter/preview`), one copy to an address (`…/newsletter/test`), the send to every
 * entitled subscriber (`…/newsletter/send`), the delivery state (`…/newsletter/deliveries`, polled
 * while anything is queued) and the send budget (`GET /v1/admin/email/usage`).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiQuery, useApiMutation } from '../../../lib/api/hooks';

const key = (id: string) => ['desk', 'newsletter', id] as const;

export function useDigest(id: string) {
  return useQuery(apiQuery([...key(id), 'digest'], () => api.GET('/v1/admin/editions/{id}/newsletter/digest', { params: { path: { id } } })));
}

export function useDryRun(id: string) {
  return useQuery(apiQuery([...key(id), 'preview'], () => api.GET('/v1/admin/editions/{id}/newsletter/preview', { params: { path: { id } } })));
}

/** The delivery counts and the latest deliveries; every 2 s while anything is queued or failed (to be retried). */
export function useDeliveries(id: string) {
  return useQuery({
    ...apiQuery([...key(id), 'deliveries'], () => api.GET('/v1/admin/editions/{id}/newsletter/deliveries', { params: { path: { id }, query: { limit: 50 } } })),
    refetchInterval: (q) => ((q.state.data?.counts.queued ?? 0) + (q.state.data?.counts.failed ?? 0) > 0 ? 2000 : false),
  });
}

export function useEmailUsage(polling: boolean) {
  return useQuery({ ...apiQuery(['desk', 'email-usage'], () => api.GET('/v1/admin/email/usage')), refetchInterval: polling ? 2000 : false });
}

export const useTestSend = (id: string) => useApiMutation((email: string) =>
  api.POST('/v1/admin/editions/{id}/newsletter/test', { params: { path: { id } }, body: { email } }), { invalidates: key(id) });

export const useSendToSubscribers = (id: string) => useApiMutation(() =>
  api.POST('/v1/admin/editions/{id}/newsletter/send', { params: { path: { id } } }), { invalidates: key(id) });

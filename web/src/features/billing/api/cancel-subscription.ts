/** `POST /v1/billing/cancel`: at period end; access continues until then. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { subscriptionQueryKey } from './get-subscription';

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/v1/billing/cancel')),
    onSuccess: (sub) => qc.setQueryData(subscriptionQueryKey, sub),
  });
}

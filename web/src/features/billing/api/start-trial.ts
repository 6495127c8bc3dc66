/** `POST /v1/billing/trial`: 14 days for an account without a subscription. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { subscriptionQueryKey } from './get-subscription';

export function useStartTrial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/v1/billing/trial')),
    onSuccess: (sub) => {
      qc.setQueryData(subscriptionQueryKey, sub);
      void qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** `POST /v1/alert-rules` from the current search ("alert me about this search"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useCreateSearchAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; query: Record<string, string | number | boolean> }) =>
      unwrap(await api.POST('/v1/alert-rules', { body: { name: input.name, subject: 'articles', query: input.query, frequency: 'daily', channels: ['in_app', 'email'] } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['alert-rules'] }),
  });
}

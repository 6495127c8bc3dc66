/** `POST /v1/admin/inbox/bulk-skip`: skips the items named (already skipped or promoted ones stay as they are). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { inboxQueryKey } from './list-inbox';

export function useBulkSkip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => unwrap(await api.POST('/v1/admin/inbox/bulk-skip', { body: { ids } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

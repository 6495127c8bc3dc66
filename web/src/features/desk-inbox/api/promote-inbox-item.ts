/** `POST /v1/admin/inbox/{id}/promote`: a draft article on a draft edition from the item (final: no undo). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { inboxQueryKey } from './list-inbox';

export function usePromoteInboxItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, editionId }: { id: string; editionId: string }) =>
      unwrap(await api.POST('/v1/admin/inbox/{id}/promote', { params: { path: { id } }, body: { edition_id: editionId } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

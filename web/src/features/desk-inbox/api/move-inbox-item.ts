/**
 * `POST /v1/admin/inbox/{id}/approve|skip|reopen`: one move of the inbox's state machine. The item
 * answered replaces the cached one, so the list changes at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { inboxQueryKey, type InboxItem, type InboxWindows } from './list-inbox';

/** A move: approve (pending → approved), skip (pending, approved → skipped), reopen (approved, skipped → pending). */
export type InboxMove = 'approve' | 'skip' | 'reopen';

async function move(id: string, action: InboxMove): Promise<InboxItem> {
  const params = { path: { id } };
  if (action === 'approve') return unwrap(await api.POST('/v1/admin/inbox/{id}/approve', { params }));
  if (action === 'skip') return unwrap(await api.POST('/v1/admin/inbox/{id}/skip', { params }));
  return unwrap(await api.POST('/v1/admin/inbox/{id}/reopen', { params }));
}

export function useMoveInboxItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: InboxMove }) => move(id, action),
    onSuccess: (item) => {
      // At once in every cached list: the item as answered, gone from lists whose status filter it left
      // (so the next item becomes the current one before the lists are read again).
      for (const [key, windows] of qc.getQueriesData<InboxWindows>({ queryKey: inboxQueryKey })) {
        if (!windows) continue;
        const status = (key[2] as { status?: string } | undefined)?.status;
        const moved = (items: InboxItem[]) => items.map((i) => (i.id === item.id ? item : i)).filter((i) => !status || i.status === status);
        qc.setQueryData<InboxWindows>(key, { ...windows, pages: windows.pages.map((w) => ({ ...w, items: moved(w.items) })) });
      }
      void qc.invalidateQueries({ queryKey: inboxQueryKey });
    },
  });
}

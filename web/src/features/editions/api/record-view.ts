/** `POST /v1/articles/{id}/view`: the reader opened the article (recently viewed, most read). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useRecordView() {
  return useMutation({ mutationFn: async (id: string) => unwrap(await api.POST('/v1/articles/{id}/view', { params: { path: { id } } })) });
}

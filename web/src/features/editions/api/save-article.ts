/** `PUT` / `DELETE /v1/articles/{id}/save`: keep an article in the library, or take it out. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { articleQueryKey } from './get-article';

export function useSaveArticle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (save: boolean) => {
      const params = { params: { path: { id } } };
      if (save) unwrap(await api.PUT('/v1/articles/{id}/save', params));
      else unwrap(await api.DELETE('/v1/articles/{id}/save', params));
      return save;
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: articleQueryKey(id) });
      await qc.invalidateQueries({ queryKey: ['library'] });
    },
  });
}

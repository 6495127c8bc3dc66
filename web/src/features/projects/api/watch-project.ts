/** `PUT` / `DELETE /v1/projects/{id}/watch`: start or stop watching a project (the lists and the project re-read their flag). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { projectsQueryKey } from './list-projects';

export function useWatchProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, watch }: { id: string; watch: boolean }) => {
      const params = { params: { path: { id } } };
      if (watch) unwrap(await api.PUT('/v1/projects/{id}/watch', params));
      else unwrap(await api.DELETE('/v1/projects/{id}/watch', params));
      return watch;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}

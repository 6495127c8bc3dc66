/**
 * The desk's edition requests: `GET /v1/admin/editions` (every status), `GET|PATCH /v1/admin/editions/{id}`,
 * `POST /v1/admin/editions`, `POST /v1/admin/editions/{id}/publish`, `POST /v1/admin/editions/import`,
 * and the edition's articles in order (`GET /v1/editions/{id}/articles`, drafts' for administrators).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';

/** An edition in any status. */
export type AdminEdition = components['schemas']['V1AdminEdition'];
/** An article as the edition's list reads it. */
export type EditionArticle = components['schemas']['V1Article'];

export const editionsQueryKey = ['desk', 'editions'] as const;
const editionKey = (id: string) => [...editionsQueryKey, id] as const;
const articlesKey = (id: string) => [...editionsQueryKey, id, 'articles'] as const;

export const editionsQuery = queryOptions({
  queryKey: [...editionsQueryKey, 'list'],
  queryFn: async () => unwrap(await api.GET('/v1/admin/editions', { params: { query: { limit: 100 } } })).editions,
});

export function useEditions() {
  return useQuery(editionsQuery);
}

export const editionQuery = (id: string) => queryOptions({
  queryKey: editionKey(id),
  queryFn: async () => unwrap(await api.GET('/v1/admin/editions/{id}', { params: { path: { id } } })),
});

export function useEdition(id: string) {
  return useQuery(editionQuery(id));
}

export const editionArticlesQuery = (id: string) => queryOptions({
  queryKey: articlesKey(id),
  queryFn: async () => unwrap(await api.GET('/v1/editions/{id}/articles', { params: { path: { id }, query: { limit: 200 } } })).articles,
});

export function useEditionArticles(id: string) {
  return useQuery(editionArticlesQuery(id));
}

export function useCreateEdition() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1EditionCreate']) => unwrap(await api.POST('/v1/admin/editions', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: editionsQueryKey }),
  });
}

export function useUpdateEdition(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1EditionPatch']) => unwrap(await api.PATCH('/v1/admin/editions/{id}', { params: { path: { id } }, body })),
    onSuccess: (edition) => {
      qc.setQueryData(editionKey(id), edition);
      void qc.invalidateQueries({ queryKey: editionsQueryKey });
    },
  });
}

export function usePublishEdition(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/v1/admin/editions/{id}/publish', { params: { path: { id } } })),
    onSuccess: (edition) => {
      qc.setQueryData(editionKey(id), edition);
      void qc.invalidateQueries({ queryKey: editionsQueryKey });
    },
  });
}

export function useImportEdition() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1EditionImport']) => unwrap(await api.POST('/v1/admin/editions/import', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: editionsQueryKey }),
  });
}

/** Saves a new order: every article whose position changed gets `sort_order` = its new position (one PATCH each). */
export function useReorderArticles(editionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ordered: EditionArticle[]) => {
      for (const [i, a] of ordered.entries()) {
        unwrap(await api.PATCH('/v1/admin/articles/{id}', { params: { path: { id: a.id } }, body: { sort_order: i } }));
      }
      return ordered;
    },
    onMutate: (ordered) => qc.setQueryData(articlesKey(editionId), ordered),
    onSettled: () => qc.invalidateQueries({ queryKey: articlesKey(editionId) }),
  });
}

/**
 * The desk's edition requests: `GET /v1/admin/editions` (every status), `GET|PATCH /v1/admin/editions/{id}`
 * (the PATCH conditional: `If-Match` with the version the page loaded, decision 0050),
 * `POST /v1/admin/editions`, `POST /v1/admin/editions/{id}/publish`, `POST /v1/admin/editions/import`,
 * the edition's articles in order (`GET /v1/editions/{id}/articles`, drafts' for administrators) and
 * their new order (`PUT /v1/admin/editions/{id}/article-order`).
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiQuery, useApiMutation } from '../../../lib/api/hooks';
import { apiPagesQuery, readAllPages } from '../../../lib/api/pages';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

/** An edition in any status. */
export type AdminEdition = components['schemas']['V1AdminEdition'];
/** An article as the edition's list reads it. */
export type EditionArticle = components['schemas']['V1Article'];

export const editionsQueryKey = ['desk', 'editions'] as const;
const editionKey = (id: string) => [...editionsQueryKey, id] as const;
const articlesKey = (id: string) => [...editionsQueryKey, id, 'articles'] as const;

/** Every edition, newest first, 100 at a time ("Load more"). */
export const editionsQuery = apiPagesQuery([...editionsQueryKey, 'list'],
  (offset, signal) => api.GET('/v1/admin/editions', { params: { query: { limit: 100, offset } }, signal }), (d) => d.editions);

export function useEditions() {
  return useInfiniteQuery(editionsQuery);
}

export const editionQuery = (id: string) => apiQuery(editionKey(id), () => api.GET('/v1/admin/editions/{id}', { params: { path: { id } } }));

export function useEdition(id: string) {
  return useQuery(editionQuery(id));
}

/** ALL the edition's articles in order (window after window): the desk reorders them as one list. */
export const editionArticlesQuery = (id: string) => queryOptions({
  queryKey: articlesKey(id),
  queryFn: ({ signal }) => readAllPages((offset, s) => api.GET('/v1/editions/{id}/articles', { params: { path: { id }, query: { limit: 200, offset } }, signal: s }), (d) => d.articles, signal),
});

export function useEditionArticles(id: string) {
  return useQuery(editionArticlesQuery(id));
}

export const useCreateEdition = () => useApiMutation((body: components['schemas']['V1EditionCreate']) => api.POST('/v1/admin/editions', { body }), { invalidates: editionsQueryKey });

/** Saves `body` from `version` (the one the page loaded); a stale version is refused with 409. */
export const useUpdateEdition = (id: string) => useApiMutation(({ version, body }: { version: string; body: components['schemas']['V1EditionPatch'] }) =>
  api.PATCH('/v1/admin/editions/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body }),
{ invalidates: editionsQueryKey, onSuccess: (qc, edition) => qc.setQueryData(editionKey(id), edition) });

export const usePublishEdition = (id: string) => useApiMutation(() => api.POST('/v1/admin/editions/{id}/publish', { params: { path: { id } } }),
  { invalidates: editionsQueryKey, onSuccess: (qc, edition) => qc.setQueryData(editionKey(id), edition) });

export const useImportEdition = () => useApiMutation((body: components['schemas']['V1EditionImport']) => api.POST('/v1/admin/editions/import', { body }), { invalidates: editionsQueryKey });

/**
 * Saves a new order in one write (`PUT /v1/admin/editions/{id}/article-order`): the whole order or
 * nothing; 409 when the edition's articles changed since the list was read (the list is then read
 * again, so the editor sees the order that is stored).
 */
export function useReorderArticles(editionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ordered: EditionArticle[]) => {
      unwrap(await api.PUT('/v1/admin/editions/{id}/article-order', { params: { path: { id: editionId } }, body: { article_ids: ordered.map((a) => a.id) } }));
      return ordered;
    },
    onMutate: (ordered) => qc.setQueryData(articlesKey(editionId), ordered),
    onSettled: () => qc.invalidateQueries({ queryKey: articlesKey(editionId) }),
  });
}

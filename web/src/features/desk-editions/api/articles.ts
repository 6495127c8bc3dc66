/**
 * The article editor's requests: `GET|PATCH|DELETE /v1/admin/articles/{id}`, `POST /v1/admin/articles`,
 * its entity links (`GET /v1/admin/articles/{id}/links`, `PUT …/terms|airports|companies`), the
 * metadata suggestion (`POST /v1/admin/suggest/metadata`) and the type-ahead sources
 * (`GET /v1/reference`, `GET /v1/airports`, `GET /v1/admin/companies`).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { editionsQueryKey } from './editions';

/** An article in any edition status. */
export type AdminArticle = components['schemas']['V1AdminArticle'];
/** The fields an article PATCH takes. */
export type ArticlePatch = components['schemas']['V1ArticlePatch'];

const articleKey = (id: string) => ['desk', 'articles', id] as const;

export const articleQuery = (id: string) => queryOptions({
  queryKey: articleKey(id),
  queryFn: async () => unwrap(await api.GET('/v1/admin/articles/{id}', { params: { path: { id } } })),
});

export function useArticle(id: string) {
  return useQuery(articleQuery(id));
}

export function useCreateArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: components['schemas']['V1ArticleCreate']) => unwrap(await api.POST('/v1/admin/articles', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: editionsQueryKey }),
  });
}

export function useUpdateArticle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ArticlePatch) => unwrap(await api.PATCH('/v1/admin/articles/{id}', { params: { path: { id } }, body })),
    onSuccess: (article) => {
      qc.setQueryData(articleKey(id), article);
      void qc.invalidateQueries({ queryKey: editionsQueryKey });
    },
  });
}

export function useDeleteArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/admin/articles/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: editionsQueryKey }),
  });
}

export function useSuggestMetadata() {
  return useMutation({
    mutationFn: async (body: components['schemas']['V1SuggestMetadataBody']) => unwrap(await api.POST('/v1/admin/suggest/metadata', { body })),
  });
}

/** Topics (and regions, countries) for the type-ahead. */
export function useReference() {
  return useQuery({ queryKey: ['reference'], queryFn: async () => unwrap(await api.GET('/v1/reference')), staleTime: 10 * 60_000 });
}

/** Airports whose name, city or code matches `q` (2 characters at least). */
export function useAirportSearch(q: string) {
  return useQuery({
    queryKey: ['desk', 'airports', q],
    queryFn: async () => unwrap(await api.GET('/v1/airports', { params: { query: { q, limit: 20 } } })).airports,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Companies whose name or alias matches `q` (2 characters at least). */
export function useCompanySearch(q: string) {
  return useQuery({
    queryKey: ['desk', 'companies', q],
    queryFn: async () => unwrap(await api.GET('/v1/admin/companies', { params: { query: { q, limit: 20 } } })).companies,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

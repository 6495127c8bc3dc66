/**
 * The article editor's requests: `GET|PATCH|DELETE /v1/admin/articles/{id}` (the PATCH conditional:
 * `If-Match` with the version the editor loaded, decision 0050), `POST /v1/admin/articles`, the
 * metadata suggestion (`POST /v1/admin/suggest/metadata`) and the type-ahead sources
 * (`GET /v1/airports`, `GET /v1/admin/companies`; the topics from web/src/lib/reference.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiQuery, apiQueryOf, useApiMutation } from '../../../lib/api/hooks';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';
import { editionsQueryKey } from './editions';

/** An article in any edition status. */
export type AdminArticle = components['schemas']['V1AdminArticle'];
/** The fields an article PATCH takes. */
export type ArticlePatch = components['schemas']['V1ArticlePatch'];

const articleKey = (id: string) => ['desk', 'articles', id] as const;

export const articleQuery = (id: string) => apiQuery(articleKey(id), () => api.GET('/v1/admin/articles/{id}', { params: { path: { id } } }));

export function useArticle(id: string) {
  return useQuery(articleQuery(id));
}

export const useCreateArticle = () => useApiMutation((body: components['schemas']['V1ArticleCreate']) => api.POST('/v1/admin/articles', { body }), { invalidates: editionsQueryKey });

/** Saves `body` from `version` (the one the editor loaded); a stale version is refused with 409. */
export const useUpdateArticle = (id: string) => useApiMutation(({ version, body }: { version: string; body: ArticlePatch }) =>
  api.PATCH('/v1/admin/articles/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body }),
{ invalidates: editionsQueryKey, onSuccess: (qc, article) => qc.setQueryData(articleKey(id), article) });

export const useDeleteArticle = () => useApiMutation((id: string) => api.DELETE('/v1/admin/articles/{id}', { params: { path: { id } } }), { invalidates: editionsQueryKey });

export const useSuggestMetadata = () => useApiMutation((body: components['schemas']['V1SuggestMetadataBody']) => api.POST('/v1/admin/suggest/metadata', { body }));

/** Airports whose name, city or code matches `q` (2 characters at least). */
export function useAirportSearch(q: string) {
  return useQuery({
    ...apiQueryOf(['desk', 'airports', q], () => api.GET('/v1/airports', { params: { query: { q, limit: 20 } } }), (d) => d.airports),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Companies whose name or alias matches `q` (2 characters at least). */
export function useCompanySearch(q: string) {
  return useQuery({
    ...apiQueryOf(['desk', 'companies', q], () => api.GET('/v1/admin/companies', { params: { query: { q, limit: 20 } } }), (d) => d.companies),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

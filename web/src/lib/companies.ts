/**
 * The public company reads more than one feature asks for: one company (`GET /v1/companies/{ref}`,
 * id, slug, name or alias) and the type-ahead's matches (`GET /v1/companies?q=`: part of a name or
 * alias, or the slug).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { apiQuery, apiQueryOf } from './api/hooks';

export const companyQuery = (ref: string) => apiQuery(['companies', 'one', ref], () => api.GET('/v1/companies/{ref}', { params: { path: { ref } } }));

/** The companies matching `q`, asked from two characters (the previous matches stay while the next arrive). */
export function useCompanySearch(q: string) {
  return useQuery({
    ...apiQueryOf(['companies', 'search', q], () => api.GET('/v1/companies', { params: { query: { q, limit: 20 } } }), (d) => d.companies),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /v1/search` (with `highlight=true` when there is a query) and `GET /v1/search/facets`, from
 * the page's URL parameters (the same names as the API's: a search is a link someone can share).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** The filter parameters of `/v1/search` (paging apart). */
export interface SearchFilter {
  q?: string; region?: string; terms?: string; airport?: string; year?: number; edition?: number; mine?: boolean; include_events?: boolean;
}

export const FILTER_NAMES = ['q', 'region', 'terms', 'airport', 'year', 'edition', 'mine', 'include_events'] as const;

/** URL parameters → the API's filter (unknown or malformed values are dropped). */
export function filterOf(params: URLSearchParams): SearchFilter {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const int = (name: string) => {
    const n = Number(params.get(name));
    return params.get(name) && Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return {
    q: text('q'), region: text('region'), terms: text('terms'), airport: text('airport'),
    year: int('year'), edition: int('edition'),
    mine: params.get('mine') === 'true' || undefined,
    include_events: params.get('include_events') === 'true' || undefined,
  };
}

/** The filter without empty members (what alert rules and the export take). */
export function compact(filter: SearchFilter): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;
}

export function useSearch(filter: SearchFilter, limit: number, offset: number) {
  return useQuery({
    queryKey: ['search', filter, limit, offset],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const res = await api.GET('/v1/search', { params: { query: { ...filter, highlight: !!filter.q, limit, offset } }, signal });
      return { articles: unwrap(res).articles, hasNext: /rel="next"/.test(res.response.headers.get('link') ?? '') };
    },
  });
}

export function useSearchFacets(filter: SearchFilter) {
  return useQuery({
    queryKey: ['search', 'facets', filter],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => unwrap(await api.GET('/v1/search/facets', { params: { query: filter }, signal })),
  });
}

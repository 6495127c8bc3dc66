/**
 * The company profile's requests: `GET /v1/companies/{ref}` (id or slug), its projects (`projects`
 * gate; trial: five), its articles (`archive`; trial: the latest edition) and its tenders (`wat`;
 * trial: three; asked only when the plan reaches tenders).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiPagesQuery } from '../../../lib/api/pages';
import { companyQuery } from '../../../lib/companies';

const key = ['companies'] as const;

export function useCompany(ref: string) {
  return useQuery(companyQuery(ref));
}

/** The company's projects, 100 at a time ("Load more"). */
export function useCompanyProjects(ref: string) {
  return useInfiniteQuery(apiPagesQuery(['projects', 'company', ref],
    (offset, signal) => api.GET('/v1/companies/{ref}/projects', { params: { path: { ref }, query: { limit: 100, offset } }, signal }), (d) => d.projects));
}

/** The articles naming the company, 50 at a time ("Load more"). */
export function useCompanyArticles(ref: string) {
  return useInfiniteQuery(apiPagesQuery([...key, 'articles', ref],
    (offset, signal) => api.GET('/v1/companies/{ref}/articles', { params: { path: { ref }, query: { limit: 50, offset } }, signal }), (d) => d.articles));
}

/** Asked only when `enabled` (the plan reaches tenders: `wat`, or its trial preview). */
export function useCompanyTenders(ref: string, enabled: boolean) {
  return useInfiniteQuery({
    ...apiPagesQuery(['tenders', 'company', ref],
      (offset, signal) => api.GET('/v1/companies/{ref}/tenders', { params: { path: { ref }, query: { limit: 100, offset } }, signal }), (d) => d.tenders),
    enabled,
  });
}

/**
 * The company profile's requests: `GET /v1/companies/{ref}` (id or slug), its projects (`projects`
 * gate; trial: five), its articles (`archive`; trial: the latest edition) and its tenders (`wat`;
 * trial: three; asked only when the plan reaches tenders).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { companyQuery } from '../../../lib/companies';

const key = ['companies'] as const;

export function useCompany(ref: string) {
  return useQuery(companyQuery(ref));
}

export function useCompanyProjects(ref: string) {
  return useQuery({
    queryKey: ['projects', 'company', ref],
    queryFn: async () => unwrap(await api.GET('/v1/companies/{ref}/projects', { params: { path: { ref }, query: { limit: 200 } } })).projects,
  });
}

export function useCompanyArticles(ref: string) {
  return useQuery({
    queryKey: [...key, 'articles', ref],
    queryFn: async () => unwrap(await api.GET('/v1/companies/{ref}/articles', { params: { path: { ref }, query: { limit: 50 } } })).articles,
  });
}

/** Asked only when `enabled` (the plan reaches tenders: `wat`, or its trial preview). */
export function useCompanyTenders(ref: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tenders', 'company', ref],
    queryFn: async () => unwrap(await api.GET('/v1/companies/{ref}/tenders', { params: { path: { ref }, query: { limit: 100 } } })).tenders,
    enabled,
  });
}

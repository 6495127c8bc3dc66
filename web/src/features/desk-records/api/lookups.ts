/**
 * Type-ahead suggestions of the link editors: airports (`GET /v1/airports?q=`, as "LHR — London
 * Heathrow Airport"), companies (`GET /v1/admin/companies?q=`), and the vocabularies of
 * `GET /v1/reference` (topics, project types).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useAirportOptions(q: string) {
  return useQuery({
    queryKey: ['desk', 'lookup', 'airports', q],
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await api.GET('/v1/airports', { params: { query: { q, limit: 10 } } })).airports.map((a) => a.iata),
  });
}

export function useCompanyOptions(q: string) {
  return useQuery({
    queryKey: ['desk', 'lookup', 'companies', q],
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await api.GET('/v1/admin/companies', { params: { query: { q, limit: 10 } } })).companies.map((c) => c.name),
  });
}

/** The vocabularies of `GET /v1/reference` (the app's one reference query). */
export { useReference as useReferenceOptions } from '../../../lib/reference';

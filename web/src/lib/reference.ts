/** `GET /v1/reference`: countries, regions, topics, project types (cached for the page load; one query for every page that needs them). */
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { apiQuery } from './api/hooks';

export const referenceQuery = { ...apiQuery(['reference'], () => api.GET('/v1/reference')), staleTime: 3_600_000 };

export function useReference() {
  return useQuery(referenceQuery);
}

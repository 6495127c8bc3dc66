/** `GET /v1/editions`: published editions, newest first, one page (with whether a next exists). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export const editionsQueryKey = ['editions'] as const;

export function useEditions(limit: number, offset: number) {
  return useQuery({
    queryKey: [...editionsQueryKey, limit, offset],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.GET('/v1/editions', { params: { query: { limit, offset } } });
      return { editions: unwrap(res).editions, hasNext: /rel="next"/.test(res.response.headers.get('link') ?? '') };
    },
  });
}

/**
 * `GET /v1/media/covers?articles=…`: the resolved cover of each article (docs/media.md), shared by
 * every page that shows article cards. The endpoint takes at most 100 ids, so a longer list (an
 * edition read whole, a library after "Load more") asks in windows of 100, each its own cached
 * query: loading more rows asks only for the new windows.
 */
import { useQueries } from '@tanstack/react-query';
import { api } from './api/client';
import { unwrap } from './api/errors';
import type { ResponsiveMedia } from '../components/responsive-image';

/** Ids per `GET /v1/media/covers` (the endpoint's maximum). */
const COVERS_PER_REQUEST = 100;

/** Article id → its cover (absent: no cover) for the ids of the windows read so far; `data` once one is. */
export function useCovers(articleIds: string[]): { data: Map<string, ResponsiveMedia> | undefined } {
  const windows: string[][] = [];
  for (let i = 0; i < articleIds.length; i += COVERS_PER_REQUEST) windows.push(articleIds.slice(i, i + COVERS_PER_REQUEST));
  return useQueries({
    queries: windows.map((ids) => ({
      queryKey: ['media', 'covers', ids],
      staleTime: 300_000,
      queryFn: async () => {
        const { covers } = unwrap(await api.GET('/v1/media/covers', { params: { query: { articles: ids.join(',') } } }));
        return covers.flatMap((c) => (c.media ? [[c.article_id, c.media as ResponsiveMedia] as const] : []));
      },
    })),
    combine: (results) => ({
      data: results.some((r) => r.data) ? new Map(results.flatMap((r) => r.data ?? [])) : undefined,
    }),
  });
}

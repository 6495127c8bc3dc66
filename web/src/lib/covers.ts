/**
 * `GET /v1/media/covers?articles=…`: the resolved cover of each article (docs/media.md), one request
 * per list of articles (at most 100 ids), shared by every page that shows article cards.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { unwrap } from './api/errors';
import type { ResponsiveMedia } from '../components/responsive-image';

/** Article id → its cover (absent: no cover). */
export function useCovers(articleIds: string[]) {
  const ids = articleIds.slice(0, 100);
  return useQuery({
    queryKey: ['media', 'covers', ids],
    enabled: ids.length > 0,
    staleTime: 300_000,
    queryFn: async () => {
      const { covers } = unwrap(await api.GET('/v1/media/covers', { params: { query: { articles: ids.join(',') } } }));
      return new Map(covers.flatMap((c) => (c.media ? [[c.article_id, c.media as ResponsiveMedia] as const] : [])));
    },
  });
}

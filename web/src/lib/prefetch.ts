/**
 * Route loaders that start a page's requests as the navigation starts, in parallel with the page's
 * code (lazy routes) and the session check, instead of after the page has rendered. They never
 * block nor fail the navigation: the page's own hooks read the same cache entries (or refetch).
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';

type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** A loader that prefetches `queries` and answers null at once. */
export function prefetch(...queries: AnyQuery[]): () => null {
  return () => {
    for (const q of queries) void queryClient.prefetchQuery(q);
    return null;
  };
}

/**
 * The end of a "Load more" list (`apiPagesQuery` in lib/api/pages.ts): how many rows are shown, and
 * while the service says another window follows (`Link: …; rel="next"`), a button that reads it.
 * The count is a polite live region, so a screen reader hears "Showing all 120 editions" once the
 * next window arrived; the button keeps the keyboard focus while more follow; a window that fails
 * says why next to it (role="alert") and the rows already shown stay.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api/errors';

/** What the component reads of an infinite query's result. */
export interface PagedResult {
  data: unknown[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** `noun`: the rows' plural ("editions"; the singular is it without its final s), in the count and the button's label. */
export function LoadMore({ query, noun }: { query: PagedResult; noun: string }) {
  const shown = query.data?.length ?? 0;
  if (shown === 0 && !query.hasNextPage) return null;
  const counted = shown === 1 ? noun.replace(/s$/, '') : noun;
  return (
    <Group gap="sm" mt="sm">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {query.hasNextPage ? `Showing the first ${shown} ${counted}` : shown === 1 ? `Showing the one ${counted}` : `Showing all ${shown} ${counted}`}
      </Text>
      {query.hasNextPage ? (
        <Button variant="default" size="xs" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more {noun}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? <Alert color="red" role="alert" py={4}>{errorMessage(query.error)}</Alert> : null}
    </Group>
  );
}

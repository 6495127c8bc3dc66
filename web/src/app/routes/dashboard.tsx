/** `/dashboard`: the most read articles and the reader's recently viewed ones. */
import { Stack, Text, Title } from '@mantine/core';
import { ArticleList } from '../../components/article-list';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useMostRead, useRecentlyViewed } from '../../features/library/api/library';
import { formatDateTime } from '../../lib/format';

export function Component() {
  const mostRead = useMostRead();
  const recent = useRecentlyViewed();
  return (
    <Stack gap="lg">
      <PageTitle>Dashboard</PageTitle>
      <section aria-labelledby="most-read">
        <Title order={2} id="most-read" size="h3" mb="sm">Most read</Title>
        {mostRead.isPending ? <Loading /> : mostRead.isError ? <ErrorNotice error={mostRead.error} /> : (
          <ArticleList label="Most read" empty="Nothing read yet." eagerFirst
            articles={mostRead.data.map((a) => ({ ...a, extra: <Text size="xs" c="dark.6">{a.readers} readers</Text> }))} />
        )}
      </section>
      <section aria-labelledby="recent">
        <Title order={2} id="recent" size="h3" mb="sm">Recently viewed</Title>
        {recent.isPending ? <Loading /> : recent.isError ? <ErrorNotice error={recent.error} /> : (
          <ArticleList label="Recently viewed" empty="You have not opened an article yet."
            articles={recent.data.map((a) => ({ ...a, extra: <Text size="xs" c="dark.6">Viewed {formatDateTime(a.viewed_at)}</Text> }))} />
        )}
      </section>
    </Stack>
  );
}

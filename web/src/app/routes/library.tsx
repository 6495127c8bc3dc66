/** `/library`: the reader's saved articles and watched projects. */
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ArticleList } from '../../components/article-list';
import { LoadMore } from '../../components/load-more';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useSavedArticles, useWatchlist } from '../../features/library/api/library';
import { formatDate } from '../../lib/format';

export function Component() {
  const saved = useSavedArticles();
  const watchlist = useWatchlist();
  return (
    <Stack gap="lg">
      <PageTitle>Library</PageTitle>
      <section aria-labelledby="saved">
        <Title order={2} id="saved" size="h3" mb="sm">Saved articles</Title>
        {saved.isPending ? <Loading /> : saved.isLoadingError ? <ErrorNotice error={saved.error} /> : (
          <ArticleList label="Saved articles" empty="No saved articles yet: use Save on an article."
            articles={saved.data.map((a) => ({ ...a, extra: <Text size="xs" c="dark.6">Saved {formatDate(a.saved_at)}</Text> }))} />
        )}
        {saved.data && <LoadMore query={saved} noun="saved articles" />}
      </section>
      <section aria-labelledby="watchlist">
        <Title order={2} id="watchlist" size="h3" mb="sm">Watched projects</Title>
        {watchlist.isPending ? <Loading /> : watchlist.isLoadingError ? <ErrorNotice error={watchlist.error} /> : watchlist.data.length === 0 ? (
          <Text>No watched projects yet: use Watch on a project.</Text>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table>
              <Table.Thead><Table.Tr><Table.Th>Project</Table.Th><Table.Th>Airport</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {watchlist.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td><Anchor component={Link} to={`/projects/${p.id}`}>{p.title}</Anchor></Table.Td>
                    <Table.Td>{p.iata_code ?? p.airport ?? '—'}</Table.Td>
                    <Table.Td>{p.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {watchlist.data && <LoadMore query={watchlist} noun="watched projects" />}
      </section>
    </Stack>
  );
}

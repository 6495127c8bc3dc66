/** `/editions`: the archive of issues, newest first, paged. */
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useEditions } from '../../features/editions/api/list-editions';
import { formatDate } from '../../lib/format';

const LIMIT = 20;

export function Component() {
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const editions = useEditions(LIMIT, offset);
  return (
    <Stack>
      <PageTitle>Editions</PageTitle>
      {editions.isPending ? <Loading /> : editions.isError ? <ErrorNotice error={editions.error} /> : (
        <>
          <div style={{ overflowX: 'auto' }}>
            <Table>
              <Table.Thead><Table.Tr><Table.Th>Edition</Table.Th><Table.Th>Published</Table.Th><Table.Th>Articles</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {editions.data.editions.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td><Anchor component={Link} to={`/editions/${e.number}`}>Edition {e.number}</Anchor></Table.Td>
                    <Table.Td>{formatDate(e.publish_date)}</Table.Td>
                    <Table.Td>{e.article_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          {editions.data.editions.length === 0 && <Text>No editions yet.</Text>}
          <Group component="nav" aria-label="Pages">
            <Button variant="default" disabled={offset === 0} onClick={() => setParams({ offset: String(Math.max(0, offset - LIMIT)) })}>Newer</Button>
            <Button variant="default" disabled={!editions.data.hasNext} onClick={() => setParams({ offset: String(offset + LIMIT) })}>Older</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

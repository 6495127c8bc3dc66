/** The person's browser sessions: device, last seen, created; end one, or sign out everywhere. */
import { Alert, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/format';
import { useEndAllSessions } from '../api/end-all-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';

export function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const endAll = useEndAllSessions();
  if (sessions.isPending) return <Loading />;
  if (sessions.isError) return <ErrorNotice error={sessions.error} />;
  return (
    <Stack>
      <DataTable columns={['Device', 'Address', 'Signed in', 'Last seen']} actions minWidth={560}>
        {sessions.data.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.device ?? 'Unknown device'} {s.current && <Badge size="sm" variant="light">this browser</Badge>}</Table.Td>
            <Table.Td>{s.ip ?? '—'}</Table.Td>
            <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
            <Table.Td>{s.last_seen_at ? formatDateTime(s.last_seen_at) : '—'}</Table.Td>
            <Table.Td>
              {!s.current && (
                <Button size="xs" variant="light" color="red" loading={end.isPending && end.variables === s.id}
                  onClick={() => end.mutate(s.id)} aria-label={`Sign out ${s.device ?? 'this session'} (${formatDateTime(s.created_at)})`}>
                  Sign out
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {(end.isError || endAll.isError) && <Alert color="red" role="alert">{errorMessage(end.error ?? endAll.error)}</Alert>}
      <Text size="sm">Signing out everywhere ends every session, this one included.</Text>
      <Button color="red" variant="light" w="fit-content" loading={endAll.isPending} onClick={() => endAll.mutate()}>Sign out everywhere</Button>
    </Stack>
  );
}

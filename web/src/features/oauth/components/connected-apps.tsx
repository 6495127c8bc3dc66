/** The apps the person connected: what each may do, when it was last used; disconnect one. */
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/format';
import { useConnectedApps } from '../api/list-connected-apps';
import { useRevokeConnectedApp } from '../api/revoke-connected-app';
import { SCOPE_LABELS } from '../scope-labels';

export function ConnectedApps() {
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  if (apps.isPending) return <Loading />;
  if (apps.isError) return <ErrorNotice error={apps.error} />;
  return (
    <Stack>
      <Text>Apps and AI assistants you allowed to use airport-intel for you. Disconnecting one stops its access at its next request.</Text>
      {apps.data.length === 0 ? (
        <Text role="status">No app is connected.</Text>
      ) : (
        <DataTable columns={['App', 'May', 'Connected', 'Last used']} actions minWidth={600}>
          {apps.data.map((a) => (
            <Table.Tr key={a.client_id}>
              <Table.Td>{a.name ?? a.client_id}</Table.Td>
              <Table.Td>{a.scopes.map((s) => SCOPE_LABELS[s] ?? s).join('; ')}</Table.Td>
              <Table.Td>{formatDateTime(a.connected_at)}</Table.Td>
              <Table.Td>{a.last_used_at ? formatDateTime(a.last_used_at) : 'Not yet'}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" loading={revoke.isPending && revoke.variables === a.client_id}
                  onClick={() => revoke.mutate(a.client_id)} aria-label={`Disconnect ${a.name ?? a.client_id}`}>
                  Disconnect
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {revoke.isError && <Alert color="red" role="alert">{errorMessage(revoke.error)}</Alert>}
      <div role="status" aria-live="polite">{revoke.isSuccess ? 'The app is disconnected.' : ''}</div>
    </Stack>
  );
}

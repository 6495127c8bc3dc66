/** `/notifications`: newest first, each linking to what it is about; mark one or all read. */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { LoadMore } from '../../../components/load-more';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';

interface Notice { id: string; kind: string; project_id: string | null; payload: Record<string, unknown>; read: boolean; created_at: string }

/** What a notification says, in a sentence. */
function describe(n: Notice): string {
  const p = n.payload;
  const title = typeof p.project_title === 'string' ? p.project_title : 'A watched project';
  switch (n.kind) {
    case 'project_status_changed': return `${title}: status ${String(p.old_status ?? '?')} → ${String(p.new_status ?? '?')}`;
    case 'project_changed': return `${title} changed`;
    case 'alert_match': return `New matches for your alert “${String(p.rule_name ?? '')}”`;
    case 'webhook_signature_changed': return `Webhook signatures changed for “${String(p.rule_name ?? '')}”`;
    default: return n.kind.replace(/_/g, ' ');
  }
}

export function NotificationList() {
  const list = useNotifications();
  const unread = useUnreadCount(true);
  const mark = useMarkRead();
  if (list.isPending) return <Loading />;
  if (list.isLoadingError) return <ErrorNotice error={list.error} />;
  const items = list.data as Notice[];
  return (
    <Stack>
      <Group>
        <Text role="status" aria-live="polite">{unread.data ?? '…'} unread</Text>
        <Button size="xs" variant="default" disabled={!unread.data} loading={mark.isPending} onClick={() => mark.mutate({ all: true })}>Mark all read</Button>
      </Group>
      {mark.isError && <ErrorNotice error={mark.error} />}
      {items.length === 0 ? <Text>No notifications.</Text> : (
        <Stack component="ul" aria-label="Notifications" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((n) => (
            <Card withBorder component="li" key={n.id} padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  {n.project_id ? (
                    <Anchor component={Link} to={`/projects/${n.project_id}`} onClick={() => !n.read && mark.mutate({ ids: [n.id] })}>{describe(n)}</Anchor>
                  ) : n.kind === 'alert_match' ? (
                    <Anchor component={Link} to="/alerts">{describe(n)}</Anchor>
                  ) : <Text>{describe(n)}</Text>}
                  <Text size="xs" c="dark.6">{formatDateTime(n.created_at)}</Text>
                </Stack>
                <Group gap="xs">
                  {!n.read && <Badge color="red" variant="light">Unread</Badge>}
                  {!n.read && <Button size="xs" variant="subtle" onClick={() => mark.mutate({ ids: [n.id] })}>Mark read</Button>}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <LoadMore query={list} noun="notifications" />
    </Stack>
  );
}

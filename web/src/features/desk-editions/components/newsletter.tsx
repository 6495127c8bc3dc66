/**
 * `/desk/newsletter/{edition}`: the digest as a subscriber receives it (HTML in a sandboxed frame,
 * and the text part), the dry run's recipient count and sample, one copy to an address, the send to
 * every entitled subscriber behind a confirmation, the delivery state (sent, queued, failed, dead)
 * refreshed every 2 s while anything is under way, and the send budget.
 */
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable } from '../../../components/data-table';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { fieldError } from '../../../lib/api/errors';
import { useEdition } from '../api/editions';
import { useDeliveries, useDigest, useDryRun, useEmailUsage, useSendToSubscribers, useTestSend } from '../api/newsletter';

const STATE_COLOR: Record<string, string> = { sent: 'teal', queued: 'blue', failed: 'orange', dead: 'red' };

function Digest({ id }: { id: string }) {
  const digest = useDigest(id);
  if (digest.isPending) return <Loading label="Rendering the digest…" />;
  if (digest.isError) return <ErrorNotice error={digest.error} title="Could not render the digest" />;
  return (
    <Stack gap="xs">
      <Text size="sm"><strong>Subject:</strong> {digest.data.subject}</Text>
      {/* The HTML part is shown in a sandboxed frame (no scripts, its own origin), mounted only while its tab is open. */}
      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="text">Text</Tabs.Tab>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <iframe title="The digest as HTML" sandbox="" srcDoc={digest.data.html} style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-4)' }} />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Paper withBorder p="sm" component="pre" style={{ whiteSpace: 'pre-wrap', maxHeight: 480, overflow: 'auto', margin: 0 }} tabIndex={0} aria-label="The digest as text">
            {digest.data.text}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function Newsletter({ id }: { id: string }) {
  const edition = useEdition(id);
  const dry = useDryRun(id);
  const deliveries = useDeliveries(id);
  const running = (deliveries.data?.counts.queued ?? 0) + (deliveries.data?.counts.failed ?? 0) > 0;
  const usage = useEmailUsage(running);
  const test = useTestSend(id);
  const send = useSendToSubscribers(id);
  const [email, setEmail] = useState('');
  const [tested, setTested] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);

  if (edition.isPending) return <Loading label="Loading the edition…" />;
  if (edition.isError) return <ErrorNotice error={edition.error} title="Could not load the edition" />;
  const e = edition.data;
  const c = deliveries.data?.counts;
  return (
    <Stack gap="xl">
      <Group gap="xs">
        <Text>Issue {e.number} · {e.publish_date}</Text>
        <Badge variant="light">{e.status}</Badge>
        <Link to={`/desk/editions/${e.id}`}>Edit the edition</Link>
      </Group>

      <section aria-labelledby="digest-heading">
        <Title order={2} size="h3" id="digest-heading" mb="sm">The digest</Title>
        <Digest id={id} />
      </section>

      <section aria-labelledby="test-heading">
        <Title order={2} size="h3" id="test-heading" mb="sm">Send one copy</Title>
        <form onSubmit={(ev) => { ev.preventDefault(); setTested(null); test.mutate(email, { onSuccess: () => setTested(`One copy queued to ${email}.`) }); }}>
          <Stack maw={480}>
            <TextInput label="Email address" type="email" required value={email} onChange={(ev) => setEmail(ev.currentTarget.value)} error={fieldError(test.error, 'email')} />
            <WriteStatus error={test.error} success={tested} />
            <Group><Button type="submit" variant="default" loading={test.isPending}>Send a copy</Button></Group>
          </Stack>
        </form>
      </section>

      <section aria-labelledby="send-heading">
        <Title order={2} size="h3" id="send-heading" mb="sm">Send to subscribers</Title>
        {dry.isPending ? <Loading label="Counting recipients…" /> : dry.isError ? <ErrorNotice error={dry.error} /> : (
          <Stack gap="xs">
            <Text size="sm">{dry.data.recipients} entitled subscriber{dry.data.recipients === 1 ? '' : 's'}: {dry.data.would_queue} would be queued now, {dry.data.already_queued} already have it.</Text>
            {dry.data.addressees.length > 0 && (
              <List size="sm" aria-label="Sample of recipients">
                {dry.data.addressees.slice(0, 5).map((a) => <List.Item key={a.email}>{a.email} ({a.action === 'queue' ? 'would be queued' : 'already queued'}; {a.reasons.join(', ')})</List.Item>)}
              </List>
            )}
          </Stack>
        )}
        {e.status === 'draft' && <Alert color="yellow" mt="xs">A draft cannot go to subscribers: publish the edition first (a copy to one address works for drafts).</Alert>}
        <Group mt="sm"><Button color="red" disabled={e.status === 'draft'} onClick={() => setConfirming(true)}>Queue for every subscriber…</Button></Group>
        <WriteStatus error={null} success={queued} />
      </section>

      <section aria-labelledby="delivery-heading">
        <Title order={2} size="h3" id="delivery-heading" mb="sm">Delivery</Title>
        {deliveries.isPending ? <Loading label="Loading deliveries…" /> : deliveries.isError ? <ErrorNotice error={deliveries.error} /> : (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 5 }} role="status" aria-live="polite" aria-label="Delivery state">
              {(['sent', 'queued', 'failed', 'dead', 'total'] as const).map((k) => (
                <Paper key={k} withBorder p="xs"><Text size="xs">{k}</Text><Text fw={700} data-count={k}>{c?.[k] ?? 0}</Text></Paper>
              ))}
            </SimpleGrid>
            {running && <Text size="sm">Sending… (refreshed every 2 seconds)</Text>}
            {deliveries.data.deliveries.length > 0 && (
              <DataTable columns={['Address', 'Mode', 'State', 'Attempts', 'Sent at']} minWidth={560}>
                {deliveries.data.deliveries.slice(0, 20).map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.email}</Table.Td>
                    <Table.Td>{d.mode}</Table.Td>
                    <Table.Td><Badge variant="light" color={STATE_COLOR[d.status]}>{d.status}</Badge>{d.last_error ? <Text size="xs">{d.last_error}</Text> : null}</Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>{d.sent_at ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}
          </Stack>
        )}
      </section>

      <section aria-labelledby="budget-heading">
        <Title order={2} size="h3" id="budget-heading" mb="sm">Send budget</Title>
        {usage.isPending ? <Loading label="Loading the budget…" /> : usage.isError ? <ErrorNotice error={usage.error} /> : (
          <Text size="sm">
            Sent in the last hour {usage.data.sent_last_hour} of {usage.data.budget.hourly} ({usage.data.remaining.hourly} left); in the last day {usage.data.sent_last_day} of {usage.data.budget.daily} ({usage.data.remaining.daily} left).
            Waiting in the outbox: {usage.data.depth}; dead letters: {usage.data.dead}.
          </Text>
        )}
      </section>

      <ConfirmModal opened={confirming} title={`Send issue ${e.number} to every subscriber?`} confirmLabel="Queue the send" cancelLabel="Not now"
        onConfirm={() => send.mutate(undefined, {
          onSuccess: (r) => { setConfirming(false); setQueued(`Queued ${r.queued} message${r.queued === 1 ? '' : 's'} (${r.already_queued} already had it).`); void deliveries.refetch(); },
        })}
        onClose={() => { setConfirming(false); send.reset(); }} pending={send.isPending} error={send.error}>
        <Text size="sm">
          Every entitled subscriber ({dry.data?.would_queue ?? '…'} not yet sent) gets one personalised copy, delivered by the outbox within the send
          budget. Each subscriber receives it once, however often this is pressed; it cannot be recalled.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

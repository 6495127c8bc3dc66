/**
 * API keys: the list (never the plaintext), minting with a label, read-only and an expiry (the
 * plaintext shown once, with a copy button), and revocation.
 */
import { Alert, Anchor, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable } from '../../../components/data-table';
import { Section } from '../../../components/section';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/format';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

export function ApiKeys() {
  const keys = useApiKeys();
  if (keys.isPending) return <Loading />;
  if (keys.error instanceof ApiError && keys.error.status === 403) {
    return (
      <Alert color="yellow" title="API keys need a plan with API access" role="status">
        {keys.error.message} <Anchor component={Link} to="/account/subscription">Start a trial or choose a plan</Anchor>.
      </Alert>
    );
  }
  if (keys.isError) return <ErrorNotice error={keys.error} />;
  return (
    <Stack gap="xl">
      <MintKey />
      <KeyList keys={keys.data} />
    </Stack>
  );
}

interface Key { id: string; label: string | null; prefix: string; created_at: string; last_used_at: string | null; expires_at: string | null; read_only: boolean; usage: { today: number; daily_quota: number | null } }

function MintKey() {
  const create = useCreateApiKey();
  const [minted, setMinted] = useState<{ key: string; label: string | null } | null>(null);
  const form = useForm({
    initialValues: { label: '', read_only: false, expires_on: '' },
    validate: { expires_on: (v) => (v && new Date(`${v}T00:00:00Z`).getTime() <= Date.now() ? 'Choose a date in the future' : null) },
  });
  const submit = form.onSubmit((v) =>
    create.mutate(
      { ...(v.label.trim() ? { label: v.label.trim() } : {}), read_only: v.read_only, ...(v.expires_on ? { expires_at: `${v.expires_on}T00:00:00Z` } : {}) },
      { onSuccess: (key) => { setMinted({ key: key.key, label: key.label }); form.reset(); } },
    ));
  return (
    <Section id="mint" title="New key">
      <form onSubmit={submit} noValidate>
        <Stack maw={520}>
          <TextInput label="Label" description="What the key is for, e.g. ci or dashboard." maxLength={100} {...form.getInputProps('label')} />
          <TextInput type="date" label="Expires on (optional)" description="Leave empty for a key that does not expire." {...form.getInputProps('expires_on')} />
          <Checkbox label="Read-only (refuses every change except search)" {...form.getInputProps('read_only', { type: 'checkbox' })} />
          {create.isError && <Alert color="red" role="alert">{errorMessage(create.error)}</Alert>}
          <Button type="submit" loading={create.isPending} w="fit-content">Create key</Button>
        </Stack>
      </form>
      <Modal opened={minted !== null} onClose={() => setMinted(null)} title="Your new API key" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {minted && (
          <Stack>
            <Alert color="yellow" role="status">Copy it now: it is shown this once only. The service keeps only its fingerprint.</Alert>
            <Code block data-testid="minted-key" style={{ wordBreak: 'break-all' }}>{minted.key}</Code>
            <Group>
              <CopyButton value={minted.key}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={() => setMinted(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}

function KeyList({ keys }: { keys: Key[] }) {
  const revoke = useRevokeApiKey();
  const [confirm, setConfirm] = useState<Key | null>(null);
  return (
    <Section id="keys" title="Your keys">
      {keys.length === 0 ? (
        <Text c="dark.6">No keys yet.</Text>
      ) : (
        <DataTable columns={['Label', 'Key', 'Created', 'Expires', 'Today']} actions minWidth={560}>
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.label ?? '—'} {k.read_only && <Badge size="sm" variant="light" color="gray">read-only</Badge>}</Table.Td>
              <Table.Td><Code>{k.prefix}…</Code></Table.Td>
              <Table.Td>{formatDate(k.created_at)}</Table.Td>
              <Table.Td>{k.expires_at ? formatDate(k.expires_at) : 'never'}</Table.Td>
              <Table.Td>{k.usage.today}{k.usage.daily_quota !== null ? ` of ${k.usage.daily_quota}` : ''}</Table.Td>
              <Table.Td>
                <Button size="xs" color="red" variant="light" onClick={() => setConfirm(k)} aria-label={`Revoke key ${k.label ?? k.prefix}`}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmModal opened={confirm !== null} onClose={() => setConfirm(null)} title="Revoke this key?" confirmLabel="Revoke key" cancelLabel="Keep it"
        pending={revoke.isPending} error={revoke.error}
        onConfirm={() => confirm && revoke.mutate(confirm.id, { onSuccess: () => { setConfirm(null); notifications.show({ message: 'Key revoked' }); } })}>
        <Text>Calls with <Code>{confirm?.prefix}…</Code> will be refused at once. This cannot be undone.</Text>
      </ConfirmModal>
    </Section>
  );
}

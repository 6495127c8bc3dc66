/**
 * `/desk/sources`: the news sources with their last poll, last error, failures and next poll (the
 * backoff); add one, edit one, enable or disable, poll one now (its report is announced). Changes
 * are saved from the version the page loaded: one made meanwhile by someone else is refused and
 * the page offers to reload (a poll does not count: a source's version leaves its polling state out).
 */
import { Badge, Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import type { components } from '../../../lib/api/schema';
import { fieldErrorsOf } from '../../../lib/api/problem-fields';
import { formatDateTime } from '../../../lib/format';
import { useLoadedVersion } from '../../../lib/loaded-version';
import { readSource, useCreateSource, usePollSource, useSources, useUpdateSource, type NewsSource, type PollReport } from '../api/sources';

interface SourceValues { name: string; feed_url: string; kind: string; poll_interval_minutes: number; trust_weight: number; enabled: boolean }

const KINDS = [{ value: 'rss', label: 'RSS 2.0' }, { value: 'atom', label: 'Atom' }, { value: 'json', label: 'JSON Feed' }, { value: 'rdf', label: 'RSS 1.0 (RDF)' }];

const valuesOf = (source: NewsSource | null): SourceValues => source
  ? { name: source.name, feed_url: source.feed_url, kind: source.kind, poll_interval_minutes: source.poll_interval_minutes, trust_weight: source.trust_weight, enabled: source.enabled }
  : { name: '', feed_url: '', kind: 'rss', poll_interval_minutes: 60, trust_weight: 50, enabled: false };

/** The form of a new source (`source` null) or of one being edited; `reload` reads the latest version after a stale save. */
function SourceForm({ source, save, reload, onDone }: {
  source: NewsSource | null;
  save: (body: components['schemas']['V1NewsSourceCreate']) => Promise<NewsSource>;
  reload?: () => Promise<NewsSource>;
  onDone: (s: NewsSource) => void;
}) {
  const form = useForm<SourceValues>({ initialValues: valuesOf(source) });
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [reloaded, setReloaded] = useState<string | null>(null);
  const submit = form.onSubmit(async (v) => {
    setError(null); setReloaded(null); setPending(true);
    try {
      onDone(await save({ ...v, kind: v.kind as 'rss', name: v.name.trim(), feed_url: v.feed_url.trim() }));
    } catch (e) {
      setError(e);
      const named = fieldErrorsOf(e);
      for (const k of Object.keys(v)) if (named[k]) form.setFieldError(k, named[k]);
    } finally {
      setPending(false);
    }
  });
  // The latest version replaces the form's values once the editor asks for it.
  const onReload = reload && (async () => {
    form.setValues(valuesOf(await reload()));
    setError(null);
    setReloaded('Reloaded the latest version.');
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Feed address" description="http or https" required type="url" {...form.getInputProps('feed_url')} />
          <Select label="Format" data={KINDS} allowDeselect={false} {...form.getInputProps('kind')} />
          <NumberInput label="Poll every (minutes)" allowDecimal={false} min={5} max={10080} {...form.getInputProps('poll_interval_minutes')} />
          <NumberInput label="Trust weight (0–100)" allowDecimal={false} min={0} max={100} {...form.getInputProps('trust_weight')} />
          <Checkbox label="Enabled (polled on its interval)" mt="lg" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        </SimpleGrid>
        <WriteStatus error={error} success={reloaded} onReload={onReload && (() => void onReload())} />
        <Group><Button type="submit" loading={pending}>{source ? 'Save changes' : 'Add source'}</Button></Group>
      </Stack>
    </form>
  );
}

function NewSource({ onDone }: { onDone: (s: NewsSource) => void }) {
  const create = useCreateSource();
  return <SourceForm source={null} save={(body) => create.mutateAsync(body)} onDone={onDone} />;
}

/** A source's fields, saved from the version they were loaded at (`If-Match`). */
function EditSource({ source, onDone }: { source: NewsSource; onDone: (s: NewsSource) => void }) {
  const update = useUpdateSource();
  const loaded = useLoadedVersion(source, () => readSource(source.id));
  const save = async (body: components['schemas']['V1NewsSourcePatch']) => {
    const saved = await update.mutateAsync({ id: source.id, version: loaded.version, body });
    loaded.saved(saved);
    return saved;
  };
  return <SourceForm source={source} save={save} reload={loaded.reload} onDone={onDone} />;
}

const reportText = (r: PollReport) => r.error
  ? `Polled ${r.name}: ${r.error}`
  : r.not_modified ? `Polled ${r.name}: not modified since the last poll.` : `Polled ${r.name}: ${r.items_in_feed} items in the feed, ${r.new_items} new, ${r.duplicates} duplicates.`;

export function DeskSources() {
  const sources = useSources();
  const update = useUpdateSource();
  const poll = usePollSource();
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<NewsSource | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const act = async (fn: () => Promise<string>) => {
    setError(null); setMessage(null);
    try { setMessage(await fn()); } catch (e) { setError(e); }
  };

  return (
    <Stack>
      <Group><Button onClick={() => setEditing('new')}>Add a source</Button></Group>
      <WriteStatus success={message} error={error} inForm={false} onReload={() => { setError(null); void sources.refetch(); }} />
      {sources.isPending ? <Loading label="Loading sources…" />
        : sources.isError ? <ErrorNotice error={sources.error} />
        : sources.data.length === 0 ? <Text>No sources yet.</Text>
        : (
          <DataTable columns={['Name', 'State', 'Last poll', 'Last error', 'Failures', 'Next poll']} actions minWidth={900}>
            {sources.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td><Text size="sm" fw={500}>{s.name}</Text><Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{s.feed_url}</Text></Table.Td>
                <Table.Td>{s.enabled ? <Badge color="green" variant="light">Enabled</Badge> : <Badge color="gray" variant="outline">Disabled</Badge>}</Table.Td>
                <Table.Td>{s.last_polled_at ? formatDateTime(s.last_polled_at) : 'Never'}</Table.Td>
                <Table.Td>{s.last_error ?? '—'}</Table.Td>
                <Table.Td>{s.failure_count}</Table.Td>
                <Table.Td>{s.next_poll_at ? `${formatDateTime(s.next_poll_at)}${s.failure_count > 0 ? ' (backing off)' : ''}` : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" aria-label={`Poll ${s.name} now`} loading={poll.isPending && poll.variables === s.id}
                      onClick={() => void act(async () => reportText(await poll.mutateAsync(s.id)))}>Poll now</Button>
                    <Button size="xs" variant="light" aria-label={`${s.enabled ? 'Disable' : 'Enable'} ${s.name}`}
                      onClick={() => void act(async () => { const r = await update.mutateAsync({ id: s.id, version: s.version, body: { enabled: !s.enabled } }); return `${r.name} is ${r.enabled ? 'enabled' : 'disabled'}.`; })}>
                      {s.enabled ? 'Disable' : 'Enable'}
                    </Button>
                    <Button size="xs" variant="light" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>Edit</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a news source' : `Edit ${editing?.name ?? ''}`} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing === 'new' && <NewSource onDone={(s) => { setEditing(null); setError(null); setMessage(`${s.name} was added.`); }} />}
        {editing !== null && editing !== 'new' && <EditSource source={editing} onDone={(s) => { setEditing(null); setError(null); setMessage(`${s.name} was saved.`); }} />}
      </Modal>
    </Stack>
  );
}

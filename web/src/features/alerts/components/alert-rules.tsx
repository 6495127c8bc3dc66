/**
 * The reader's alert rules: list, create from scratch, edit (name, frequency, channels, webhook),
 * pause/resume, delete; a webhook's signing secret is shown once, in the answer that made it.
 */
import { Alert, Badge, Button, Card, Checkbox, Code, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadMore } from '../../../components/load-more';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { useAlertRules, useCreateAlertRule, useDeleteAlertRule, useUpdateAlertRule, type AlertRuleCreate } from '../api/alert-rules';

type Channel = 'email' | 'in_app' | 'webhook';
type Frequency = 'instant' | 'daily' | 'weekly';
type Subject = 'articles' | 'projects' | 'tenders';
interface Rule { id: string; name: string; subject: Subject; query: Record<string, unknown>; frequency: Frequency; channels: Channel[]; enabled: boolean; webhook_url: string | null }

const CHANNELS: { value: Channel; label: string }[] = [{ value: 'in_app', label: 'In the app (bell)' }, { value: 'email', label: 'Email' }, { value: 'webhook', label: 'Webhook' }];
const FREQUENCIES = [{ value: 'instant', label: 'Instant' }, { value: 'daily', label: 'Daily digest' }, { value: 'weekly', label: 'Weekly digest' }];
const SUBJECTS = [{ value: 'articles', label: 'Articles (search parameters)' }, { value: 'projects', label: 'Projects' }, { value: 'tenders', label: 'Tenders' }];

function RuleForm({ initial, submitLabel, pending, onSubmit }: { initial: Omit<Rule, 'id' | 'enabled'>; submitLabel: string; pending: boolean; onSubmit: (r: AlertRuleCreate) => void }) {
  const [rule, setRule] = useState(initial);
  const [query, setQuery] = useState(JSON.stringify(initial.query));
  const [queryError, setQueryError] = useState<string | null>(null);
  return (
    <form onSubmit={(e) => {
      e.preventDefault();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(query || '{}') as Record<string, unknown>;
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      } catch {
        setQueryError('The query must be a JSON object, e.g. {"q": "runway"}');
        return;
      }
      setQueryError(null);
      onSubmit({ name: rule.name, subject: rule.subject, query: parsed, frequency: rule.frequency, channels: rule.channels, webhook_url: rule.channels.includes('webhook') ? rule.webhook_url : null });
    }}>
      <Stack gap="xs">
        <TextInput label="Name" required value={rule.name} onChange={(e) => setRule({ ...rule, name: e.currentTarget.value })} />
        <Group wrap="wrap">
          <Select label="About" data={SUBJECTS} value={rule.subject} allowDeselect={false} onChange={(v) => setRule({ ...rule, subject: (v ?? 'articles') as Subject })} w={240} />
          <Select label="How often" data={FREQUENCIES} value={rule.frequency} allowDeselect={false} onChange={(v) => setRule({ ...rule, frequency: (v ?? 'daily') as Frequency })} w={180} />
        </Group>
        <Textarea label="Query (the list's parameters as JSON)" value={query} onChange={(e) => setQuery(e.currentTarget.value)} error={queryError} autosize minRows={1} />
        <Checkbox.Group label="Channels" value={rule.channels} onChange={(v) => setRule({ ...rule, channels: v as Channel[] })}>
          <Group mt={4}>{CHANNELS.map((c) => <Checkbox key={c.value} value={c.value} label={c.label} />)}</Group>
        </Checkbox.Group>
        {rule.channels.includes('webhook') && (
          <TextInput label="Webhook URL" type="url" required value={rule.webhook_url ?? ''} onChange={(e) => setRule({ ...rule, webhook_url: e.currentTarget.value })} />
        )}
        <Group><Button type="submit" loading={pending}>{submitLabel}</Button></Group>
      </Stack>
    </form>
  );
}

function RuleCard({ rule }: { rule: Rule }) {
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <Card withBorder component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">{rule.name}</Title>
          <Badge color={rule.enabled ? 'green' : 'gray'} variant="light">{rule.enabled ? 'Active' : 'Paused'}</Badge>
        </Group>
        <Text size="sm">{rule.subject} · {rule.frequency} · {rule.channels.join(', ')}</Text>
        <Code block>{JSON.stringify(rule.query)}</Code>
        <Group>
          <Button size="xs" variant="default" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>{editing ? 'Close' : 'Edit'}</Button>
          <Button size="xs" variant="default" loading={update.isPending} onClick={() => update.mutate({ id: rule.id, patch: { enabled: !rule.enabled } })}>
            {rule.enabled ? 'Pause' : 'Resume'}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setConfirm(true)}>Delete</Button>
        </Group>
        {update.isError && <ErrorNotice error={update.error} title="Could not change the alert" />}
        {update.data?.webhook_secret && <WebhookSecret secret={update.data.webhook_secret} />}
        {editing && (
          <RuleForm initial={rule} submitLabel="Save changes" pending={update.isPending}
            onSubmit={(r) => update.mutate({ id: rule.id, patch: r }, { onSuccess: () => setEditing(false) })} />
        )}
      </Stack>
      <ConfirmModal opened={confirm} onClose={() => setConfirm(false)} title="Delete this alert?" confirmLabel="Delete" cancelLabel="Keep it"
        pending={remove.isPending} error={remove.error} onConfirm={() => remove.mutate(rule.id, { onSuccess: () => setConfirm(false) })}>
        “{rule.name}” stops matching and is gone.
      </ConfirmModal>
    </Card>
  );
}

function WebhookSecret({ secret }: { secret: string }) {
  return (
    <Alert color="yellow" title="Webhook signing secret (shown once)" role="status">
      <Text size="sm">Copy it now: it is never shown again. Your endpoint checks each delivery's signature with it.</Text>
      <Code block>{secret}</Code>
    </Alert>
  );
}

export function AlertRules({ initialQuery }: { initialQuery?: Record<string, unknown> }) {
  const rules = useAlertRules();
  const create = useCreateAlertRule();
  const [creating, setCreating] = useState(!!initialQuery);
  return (
    <Stack>
      <Group>
        <Button onClick={() => setCreating((c) => !c)} aria-expanded={creating}>{creating ? 'Close the form' : 'New alert'}</Button>
      </Group>
      {creating && (
        <Card withBorder>
          <RuleForm
            initial={{ name: '', subject: 'articles', query: initialQuery ?? {}, frequency: 'daily', channels: ['in_app'], webhook_url: null }}
            submitLabel="Create alert" pending={create.isPending}
            onSubmit={(r) => create.mutate(r, { onSuccess: () => setCreating(false) })} />
        </Card>
      )}
      {create.isError && <ErrorNotice error={create.error} title="Could not create the alert" />}
      <div role="status" aria-live="polite">{create.isSuccess ? `Alert “${create.data.name}” created.` : ''}</div>
      {create.data?.webhook_secret && <WebhookSecret secret={create.data.webhook_secret} />}
      {rules.isPending ? <Loading /> : rules.isLoadingError ? <ErrorNotice error={rules.error} /> : rules.data.length === 0 ? <Text>No alerts yet.</Text> : (
        <>
          <Stack component="ul" aria-label="Alerts" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(rules.data as Rule[]).map((r) => <RuleCard key={r.id} rule={r} />)}
          </Stack>
          <LoadMore query={rules} noun="alerts" />
        </>
      )}
    </Stack>
  );
}

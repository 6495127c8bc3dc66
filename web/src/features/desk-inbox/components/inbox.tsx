/**
 * The editorial inbox (docs/web-app.md): candidates highest score first with their score reasons, source
 * and suggested metadata; approve, skip, reopen, bulk skip, promote onto a draft edition; filters by
 * status, source and minimum score; keyboard triage (`j`/`k` move, `a` approve, `s` skip, `p`
 * promote, `?` the keys) and undo of the last approve or skip (a reopen, then the earlier move).
 * Promotion is final in the API, so it has no undo.
 */
import {
  Alert, Anchor, Badge, Button, Checkbox, Group, Kbd, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { useBulkSkip } from '../api/bulk-skip';
import { LoadMore } from '../../../components/load-more';
import { useInbox, type DeskInboxFilter, type InboxFilter, type InboxItem } from '../api/list-inbox';
import { useMoveInboxItem, type InboxMove } from '../api/move-inbox-item';
import { PromoteModal } from './promote-modal';

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'promoted', label: 'Promoted' },
];

const STATUS_COLOR: Record<string, string> = { pending: 'gray', approved: 'teal', skipped: 'orange', promoted: 'blue' };

/** The keys of the triage, as `?` lists them. */
const KEYS: [string, string][] = [
  ['j', 'next item'], ['k', 'previous item'], ['a', 'approve'], ['s', 'skip'], ['p', 'promote to a draft edition'],
  ['u', 'undo the last approve or skip'], ['x', 'select for bulk skip'], ['?', 'show these keys'],
];

/** What can be undone: the item and the status it had before. */
interface Undoable { items: { id: string; title: string; before: InboxItem['status'] }[]; what: string }

/** Whether a key press belongs to a field (typing there never triggers the triage). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Suggested metadata of an item, as short text. */
function suggested(item: InboxItem): string {
  const d = item.detected_entities;
  const parts = [
    d.airports?.length ? `Airports: ${d.airports.join(', ')}` : '',
    d.topics?.length ? `Topics: ${d.topics.join(', ')}` : '',
    d.tags?.length ? `Tags: ${d.tags.join(', ')}` : '',
    d.companies?.length ? `Companies: ${d.companies.join(', ')}` : '',
    d.country ? `Country: ${d.country}` : '',
    d.region ? `Region: ${d.region}` : '',
  ].filter(Boolean);
  return parts.join(' · ') || 'Nothing detected';
}

export function Inbox() {
  const [status, setStatus] = useState<string>('pending');
  const [source, setSource] = useState('');
  const [minScore, setMinScore] = useState<number | string>('');
  const [debouncedSource] = useDebouncedValue(source.trim(), 300);
  const [debouncedMinScore] = useDebouncedValue(minScore, 300);
  const filter: DeskInboxFilter = {
    ...(status ? { status: status as InboxFilter['status'] } : {}),
    ...(debouncedSource ? { source: debouncedSource } : {}),
    ...(typeof debouncedMinScore === 'number' ? { min_score: debouncedMinScore } : {}),
  };
  const inbox = useInbox(filter);
  const items = useMemo(() => inbox.data ?? [], [inbox.data]);

  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string>('');
  const [failure, setFailure] = useState<unknown>(null);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [promoting, setPromoting] = useState<InboxItem | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const [lastPromoted, setLastPromoted] = useState<string | null>(null);
  const rows = useRef<(HTMLElement | null)[]>([]);
  const move = useMoveInboxItem();
  const bulk = useBulkSkip();

  useEffect(() => {
    if (current >= items.length && items.length > 0) setCurrent(items.length - 1);
  }, [items.length, current]);

  const focusRow = useCallback((i: number) => {
    setCurrent(i);
    rows.current[i]?.focus();
  }, []);

  const act = useCallback(async (item: InboxItem, action: InboxMove) => {
    setFailure(null);
    try {
      const after = await move.mutateAsync({ id: item.id, action });
      const verb = action === 'approve' ? 'Approved' : action === 'skip' ? 'Skipped' : 'Reopened';
      setMessage(`${verb} “${item.title}”.`);
      setUndoable(action === 'reopen' || after.status === item.status ? null : { items: [{ id: item.id, title: item.title, before: item.status }], what: verb.toLowerCase() });
    } catch (err) {
      setFailure(err);
      setMessage('');
    }
  }, [move]);

  const undo = useCallback(async () => {
    if (!undoable) return;
    setFailure(null);
    try {
      for (const it of undoable.items) {
        await move.mutateAsync({ id: it.id, action: 'reopen' });
        if (it.before === 'approved') await move.mutateAsync({ id: it.id, action: 'approve' });
      }
      setMessage(`Undone: ${undoable.items.length === 1 ? `“${undoable.items[0]!.title}”` : `${undoable.items.length} items`} back to ${undoable.items[0]!.before}.`);
      setUndoable(null);
    } catch (err) {
      setFailure(err);
    }
  }, [undoable, move]);

  const bulkSkip = useCallback(async () => {
    const chosen = items.filter((i) => selected.has(i.id));
    if (!chosen.length) return;
    setFailure(null);
    try {
      const report = await bulk.mutateAsync(chosen.map((i) => i.id));
      setMessage(`Skipped ${report.skipped} item${report.skipped === 1 ? '' : 's'}${report.unchanged ? ` (${report.unchanged} unchanged)` : ''}.`);
      const skipped = new Set(report.ids);
      setUndoable({ items: chosen.filter((i) => skipped.has(i.id)).map((i) => ({ id: i.id, title: i.title, before: i.status })), what: 'skipped' });
      setSelected(new Set());
    } catch (err) {
      setFailure(err);
    }
  }, [items, selected, bulk]);

  const toggle = useCallback((id: string) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id); else next.add(id);
      return next;
    });
  }, []);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || promoting || showKeys) return;
      if (document.querySelector('[role="dialog"]')) return;
      const item = items[current];
      switch (e.key) {
        case 'j': focusRow(Math.min(current + 1, items.length - 1)); break;
        case 'k': focusRow(Math.max(current - 1, 0)); break;
        case 'a': if (item) void act(item, 'approve'); break;
        case 's': if (item) void act(item, 'skip'); break;
        case 'p': if (item && item.status !== 'promoted' && item.status !== 'skipped') setPromoting(item); break;
        case 'u': void undo(); break;
        case 'x': if (item) toggle(item.id); break;
        case '?': setShowKeys(true); break;
        default: return;
      }
      e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, current, act, undo, toggle, focusRow, promoting, showKeys]);

  return (
    <Stack>
      <Group align="end" wrap="wrap">
        <Select label="Status" data={STATUSES} value={status} onChange={(v) => { setStatus(v ?? ''); setCurrent(0); }} allowDeselect={false} w={160} />
        <TextInput label="Source" description="A news source's name" value={source} onChange={(e) => setSource(e.currentTarget.value)} w={200} />
        <NumberInput label="Minimum score" min={0} max={100} allowDecimal={false} allowNegative={false} clampBehavior="strict" value={minScore} onChange={setMinScore} w={140} />
        <Button variant="default" onClick={() => setShowKeys(true)} aria-keyshortcuts="?">Keyboard keys</Button>
      </Group>
      <Group>
        <Button variant="default" color="orange" disabled={!selected.size} loading={bulk.isPending} onClick={() => void bulkSkip()}>
          Skip selected ({selected.size})
        </Button>
        {undoable && <Button variant="light" onClick={() => void undo()} loading={move.isPending} aria-keyshortcuts="u">Undo</Button>}
      </Group>
      <div role="status" aria-live="polite">{message && <Text size="sm">{message}</Text>}</div>
      {failure ? <Alert color="red" role="alert" title="That did not work">{errorMessage(failure)}</Alert> : null}
      {inbox.isPending ? <Loading label="Loading the inbox…" /> : inbox.isLoadingError ? <ErrorNotice error={inbox.error} title="Could not load the inbox" /> : (
        items.length === 0 ? <Text>No items match these filters.</Text> : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inbox items">
            {items.map((item, i) => (
              <Paper component="li" key={item.id} withBorder p="sm" tabIndex={-1} ref={(el: HTMLElement | null) => { rows.current[i] = el; }}
                aria-current={i === current ? 'true' : undefined} onFocus={() => setCurrent(i)} data-inbox-item={item.id}
                style={i === current ? { outline: '3px solid var(--mantine-color-blue-7)', outlineOffset: 1 } : undefined}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="start">
                    <Group gap="xs" wrap="nowrap" align="start">
                      <Checkbox aria-label={`Select “${item.title}” for bulk skip`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} mt={4} />
                      <Stack gap={2}>
                        <Text fw={600}>{item.title}</Text>
                        <Text size="sm" c="dimmed">
                          {item.source_name}{item.published_at ? ` · ${item.published_at.slice(0, 10)}` : ''} · <Anchor href={item.url} target="_blank" rel="noreferrer" size="sm" underline="always">original</Anchor>
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap={6} wrap="nowrap">
                      <Badge color={STATUS_COLOR[item.status]} variant="light">{item.status}</Badge>
                      <Badge variant="filled" color="dark" aria-label={`Score ${item.score}`}>{item.score}</Badge>
                    </Group>
                  </Group>
                  {item.excerpt && <Text size="sm" lineClamp={2}>{item.excerpt}</Text>}
                  {item.score_reasons.length > 0 && (
                    <Table withRowBorders={false} verticalSpacing={0} fz="xs" aria-label={`Score reasons of “${item.title}”`}>
                      <Table.Tbody>
                        {item.score_reasons.map((r) => (
                          <Table.Tr key={r.reason}><Table.Td w={40}>+{r.points}</Table.Td><Table.Td>{r.reason}</Table.Td></Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                  <Text size="xs">Suggested: {suggested(item)}</Text>
                  <Group gap="xs">
                    {item.status === 'pending' && <Button size="xs" variant="light" onClick={() => void act(item, 'approve')}>Approve</Button>}
                    {(item.status === 'pending' || item.status === 'approved') && (
                      <>
                        <Button size="xs" variant="default" onClick={() => void act(item, 'skip')}>Skip</Button>
                        <Button size="xs" variant="light" color="blue" onClick={() => setPromoting(item)}>Promote…</Button>
                      </>
                    )}
                    {(item.status === 'approved' || item.status === 'skipped') && <Button size="xs" variant="default" onClick={() => void act(item, 'reopen')}>Reopen</Button>}
                    {item.promoted_article_id && <Text size="xs">Promoted: article <code>{item.promoted_article_id.slice(0, 8)}</code></Text>}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )
      )}
      {inbox.data && <LoadMore query={inbox} noun="items" />}
      <PromoteModal item={promoting} onClose={() => setPromoting(null)} onPromoted={(item, editionId) => {
        setMessage(`Promoted “${item.title}” to a draft article.`);
        setLastPromoted(editionId);
        setUndoable(null);
        setPromoting(null);
      }} />
      {lastPromoted && <Anchor component={Link} to={`/desk/editions/${lastPromoted}`}>Open the edition it was promoted onto</Anchor>}
      <Modal opened={showKeys} onClose={() => setShowKeys(false)} title="Keyboard keys" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Table>
          <Table.Tbody>
            {KEYS.map(([k, what]) => <Table.Tr key={k}><Table.Td><Kbd>{k}</Kbd></Table.Td><Table.Td>{what}</Table.Td></Table.Tr>)}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}

/**
 * A desk table of records (projects, tenders, calendar events): search, "New …" (a dialog with the
 * record's form), and per row Edit (the form from the row's version, plus the link editors when the
 * record has links) and Delete (asks first). Works at 360 px: the table scrolls in its own box and
 * the dialogs fill the screen on a phone.
 */
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { UseInfiniteQueryResult, UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable } from '../../../components/data-table';
import { LoadMore } from '../../../components/load-more';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { useLoadedVersion } from '../../../lib/loaded-version';
import { RecordForm, type FieldDef, type FormValues } from './record-form';

/** A record the desk edits: an id and the version its writes send back (`If-Match`). */
export interface Versioned { id: string; version: string }

export interface RecordKind<R extends Versioned> {
  /** "project" */
  noun: string;
  fields: FieldDef[];
  columns: { label: string; cell: (r: R) => ReactNode }[];
  titleOf: (r: R) => string;
  valuesOf: (r: R) => FormValues;
  /** The records matching a search, a window at a time (`apiPagesQuery`). */
  useList: (q: string) => UseInfiniteQueryResult<R[]>;
  /** Reads one record afresh (the reload after a stale write). */
  readOne: (id: string) => Promise<R>;
  useCreate: () => UseMutationResult<R, Error, Record<string, unknown>>;
  useUpdate: () => UseMutationResult<R, Error, { id: string; version: string; body: Record<string, unknown> }>;
  useDelete: () => UseMutationResult<R, Error, string>;
  /** The link editors of a record being edited. */
  links?: (r: R) => ReactNode;
  minWidth?: number;
}

export function RecordsPage<R extends Versioned>({ kind }: { kind: RecordKind<R> }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const list = kind.useList(debounced);
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const remove = kind.useDelete();
  const phone = useMediaQuery('(max-width: 36em)');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<R | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  return (
    <Stack>
      <Group align="end" wrap="wrap">
        <TextInput label={`Search ${kind.noun}s`} value={q} onChange={(e) => setQ(e.currentTarget.value)} style={{ flex: 1, minWidth: 200 }} />
        <Button onClick={() => setCreating(true)}>New {kind.noun}</Button>
      </Group>
      <div role="status" aria-live="polite">{deleted ? <Text size="sm">Deleted “{deleted}”.</Text> : null}</div>
      {list.isPending ? <Loading label={`Loading ${kind.noun}s…`} />
        : list.isLoadingError ? <ErrorNotice error={list.error} />
        : list.data.length === 0 ? <Text>No {kind.noun}s{debounced ? ' match' : ' yet'}.</Text>
        : (
          <div>
            <DataTable columns={kind.columns.map((c) => c.label)} actions minWidth={kind.minWidth ?? 720}>
              {list.data.map((r) => (
                <Table.Tr key={r.id}>
                  {kind.columns.map((c) => <Table.Td key={c.label}>{c.cell(r)}</Table.Td>)}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" aria-label={`Edit ${kind.titleOf(r)}`} onClick={() => setEditing(r)}>Edit</Button>
                      <Button size="xs" variant="light" color="red" aria-label={`Delete ${kind.titleOf(r)}`} onClick={() => { remove.reset(); setDeleting(r); }}>Delete</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <LoadMore query={list} noun={`${kind.noun}s`} />
          </div>
        )}

      <Modal opened={creating} onClose={() => setCreating(false)} title={`New ${kind.noun}`} size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
        <RecordForm fields={kind.fields} initial={null} submitLabel={`Create ${kind.noun}`} success={`The ${kind.noun} was created.`}
          onSubmit={async (body) => { const r = await create.mutateAsync(body); setCreating(false); setEditing(r); }} />
      </Modal>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${kind.titleOf(editing)}` : ''} size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing && (
          <Stack>
            <EditForm kind={kind} record={editing} update={update} />
            {kind.links && kind.links(editing)}
          </Stack>
        )}
      </Modal>

      <ConfirmModal opened={deleting !== null} title={`Delete this ${kind.noun}?`} confirmLabel="Delete" cancelLabel="Keep it"
        pending={remove.isPending} error={remove.error} onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => { setDeleted(kind.titleOf(deleting)); setDeleting(null); } })}>
        <Text>“{deleting ? kind.titleOf(deleting) : ''}” will be deleted for everyone.</Text>
      </ConfirmModal>
    </Stack>
  );
}

/** The form of a record being edited; it writes from the version it was read at and reloads on demand. */
function EditForm<R extends Versioned>({ kind, record, update }: { kind: RecordKind<R>; record: R; update: RecordKind<R>['useUpdate'] extends () => infer U ? U : never }) {
  const loaded = useLoadedVersion(record, () => kind.readOne(record.id));
  return (
    <RecordForm fields={kind.fields} initial={kind.valuesOf(record)} submitLabel="Save changes" success="Changes saved."
      onSubmit={async (body) => loaded.saved(await update.mutateAsync({ id: record.id, version: loaded.version, body }))}
      onReload={async () => kind.valuesOf(await loaded.reload())} />
  );
}

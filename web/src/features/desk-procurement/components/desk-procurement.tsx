/**
 * `/desk/procurement`: procurement requests (newest first, filter by status); open one to see what
 * was asked and its review trail, and add a review (decision and note; on approval, optionally
 * activate the requested plan).
 */
import { Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { LoadMore } from '../../../components/load-more';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { fieldErrorsOf } from '../../../lib/api/problem-fields';
import { formatDateTime } from '../../../lib/format';
import { useAddReview, useProcurementRequest, useProcurementRequests, type ProcurementRequest, type ReviewInput } from '../api/procurement';

const STATUSES = [
  { value: 'new', label: 'New' }, { value: 'in_review', label: 'In review' }, { value: 'approved', label: 'Approved' }, { value: 'rejected', label: 'Rejected' },
];
const label = (s: string) => STATUSES.find((x) => x.value === s)?.label ?? s;

function ReviewForm({ id }: { id: string }) {
  const add = useAddReview(id);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<{ decision: string; note: string; activate_subscription: boolean }>({ initialValues: { decision: 'in_review', note: '', activate_subscription: false } });
  const submit = form.onSubmit(async (v) => {
    setDone(null);
    try {
      const body: ReviewInput = { decision: v.decision as ReviewInput['decision'], ...(v.note.trim() ? { note: v.note.trim() } : {}), ...(v.decision === 'approved' && v.activate_subscription ? { activate_subscription: true } : {}) };
      const r = await add.mutateAsync(body);
      setDone(`Review added: the request is now ${label(r.status).toLowerCase()}.`);
      form.reset();
    } catch (e) {
      const named = fieldErrorsOf(e);
      for (const k of ['decision', 'note', 'activate_subscription']) if (named[k]) form.setFieldError(k, named[k]);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select label="Decision" data={STATUSES.filter((s) => s.value !== 'new')} allowDeselect={false} {...form.getInputProps('decision')} />
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
        {form.values.decision === 'approved' && <Checkbox label="Activate the requested plan (paid by invoice)" {...form.getInputProps('activate_subscription', { type: 'checkbox' })} />}
        <WriteStatus success={done} error={add.error} />
        <Group><Button type="submit" loading={add.isPending}>Add review</Button></Group>
      </Stack>
    </form>
  );
}

function RequestDetail({ id }: { id: string }) {
  const req = useProcurementRequest(id);
  if (req.isPending) return <Loading />;
  if (req.isError) return <ErrorNotice error={req.error} />;
  const r = req.data;
  return (
    <Stack>
      <Text size="sm">{r.contact_name} &lt;{r.email}&gt;{r.country ? `, ${r.country}` : ''}</Text>
      <Text size="sm">Plan: {r.plan ?? '—'}; seats: {r.seats ?? '—'}; status: {label(r.status)}</Text>
      {r.message ? <Text size="sm">“{r.message}”</Text> : null}
      <Text component="h3" fw={600}>Review trail</Text>
      {r.reviews.length === 0 ? <Text size="sm">No reviews yet.</Text> : (
        <Timeline bulletSize={14} lineWidth={2} component="ol" aria-label="Review trail">
          {r.reviews.map((v) => (
            <Timeline.Item key={v.id} title={label(v.decision)} component="li">
              <Text size="sm">{v.note ?? 'No note.'}</Text>
              <Text size="xs">{v.reviewer.email ?? 'unknown reviewer'}, {formatDateTime(v.created_at)}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Text component="h3" fw={600}>Add a review</Text>
      <ReviewForm id={id} />
    </Stack>
  );
}

export function DeskProcurement() {
  const [status, setStatus] = useState<ProcurementRequest['status'] | null>(null);
  const list = useProcurementRequests(status);
  const phone = useMediaQuery('(max-width: 36em)');
  const [open, setOpen] = useState<ProcurementRequest | null>(null);
  return (
    <Stack>
      <Select label="Status" placeholder="Any status" data={STATUSES} value={status} onChange={(v) => setStatus(v as ProcurementRequest['status'] | null)} clearable maw={260} />
      {list.isPending ? <Loading label="Loading requests…" />
        : list.isLoadingError ? <ErrorNotice error={list.error} />
        : list.data.length === 0 ? <Text>No requests{status ? ' with this status' : ' yet'}.</Text>
        : (
          <div>
            <DataTable columns={['Organisation', 'Contact', 'Plan', 'Status', 'Received']} actions minWidth={720}>
              {list.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.organisation}</Table.Td>
                  <Table.Td>{r.contact_name}</Table.Td>
                  <Table.Td>{r.plan ?? '—'}</Table.Td>
                  <Table.Td><Badge variant="light" color={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'blue'}>{label(r.status)}</Badge></Table.Td>
                  <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                  <Table.Td><Button size="xs" variant="light" aria-label={`Open the request of ${r.organisation}`} onClick={() => setOpen(r)}>Open</Button></Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <LoadMore query={list} noun="requests" />
          </div>
        )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.organisation ?? ''} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
        {open && <RequestDetail id={open.id} />}
      </Modal>
    </Stack>
  );
}

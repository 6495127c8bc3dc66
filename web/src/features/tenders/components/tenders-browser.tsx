/**
 * `/tenders`: open tenders first (default statuses open and closing soon, nearest deadline first)
 * with the days to each deadline; filters and sort in the URL with facet counts; previous/next;
 * CSV export of the same filters (with `exports`). Without `wat`: the "not in your plan" page; a
 * trial reader is told the list is the three-tender preview.
 */
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { PreviewNotice } from '../../../components/plan-notice';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError } from '../../../lib/api/errors';
import { useEntitlements } from '../../../lib/entitlements';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { type TenderQuery, useTenders } from '../api/list-tenders';
import { useTenderFacets } from '../api/tender-facets';
import { DaysToDeadline, TENDER_STATUS_LABELS, TENDER_TYPE_LABELS, TenderStatus } from './tender-status';
import { WatNotInPlan } from '../../../components/wat-not-in-plan';

const PAGE = 50;
const SORTS = [
  { value: 'deadline_asc', label: 'Deadline (soonest first)' },
  { value: 'deadline_desc', label: 'Deadline (latest first)' },
  { value: 'value_desc', label: 'Estimated value (highest first)' },
  { value: 'published_desc', label: 'Recently published' },
];
const STATUS_CHOICES = [
  { value: 'open,closing_soon', label: 'Open (incl. closing soon)' },
  ...Object.entries(TENDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  { value: 'open,closing_soon,closed,awarded,cancelled', label: 'Any status' },
];
const KEYS = ['q', 'region', 'country', 'type', 'status', 'terms', 'sort'] as const;

export function TendersBrowser() {
  const [params, setParams] = useSearchParams();
  const query: Record<string, string | number> = { limit: PAGE };
  for (const k of KEYS) { const v = params.get(k); if (v) query[k] = v; }
  const offset = Number(params.get('offset')) || 0;
  if (offset > 0) query.offset = offset;
  const { limit: _l, offset: _o, sort: _s, ...filters } = query as TenderQuery;
  const plan = useEntitlements();
  const list = useTenders(query as TenderQuery);
  const refused = list.error instanceof ApiError && list.error.status === 403;
  const facets = useTenderFacets(filters, !refused);
  if (refused) return <WatNotInPlan />;
  const set = (changes: Record<string, string | number | null>) => {
    // From the address bar, not this render's `params`: a second choice made before the re-render
    // would otherwise drop the first.
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) { if (v === null || v === '') next.delete(k); else next.set(k, String(v)); }
    if (!('offset' in changes)) next.delete('offset');
    setParams(next);
  };
  const rows = list.data?.tenders ?? [];
  const options = (name: 'regions' | 'countries' | 'types', label?: (v: string, l: string) => string) =>
    (facets.data?.[name] ?? []).map((f) => ({ value: f.value, label: `${label ? label(f.value, f.label) : f.label} (${f.count.toLocaleString()})` }));
  const status = params.get('status') ?? 'open,closing_soon';
  const exportHref = `/v1/tenders/export?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString()}`;
  return (
    <Stack>
      {plan?.preview('wat') && <PreviewNotice what="tenders" rows={3} fullIn="the Worldwide Airport Tenders add-on or the Enterprise plan" />}
      <form role="search" aria-label="Filter tenders" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <SearchBox value={params.get('q') ?? ''} onSearch={(q) => set({ q })} />
          <Select label="Status" allowDeselect={false} data={STATUS_CHOICES.some((c) => c.value === status) ? STATUS_CHOICES : [...STATUS_CHOICES, { value: status, label: status }]}
            value={status} onChange={(v) => set({ status: v === 'open,closing_soon' ? null : v })} />
          <Select label="Region" clearable searchable data={options('regions')} value={params.get('region')} onChange={(v) => set({ region: v })} />
          <Select label="Country" clearable searchable data={options('countries')} value={params.get('country')} onChange={(v) => set({ country: v })} />
          <Select label="Notice type" clearable data={options('types', (v) => TENDER_TYPE_LABELS[v] ?? v)} value={params.get('type')} onChange={(v) => set({ type: v })} />
          <Select label="Sort by" allowDeselect={false} data={SORTS} value={params.get('sort') ?? 'deadline_asc'} onChange={(v) => set({ sort: v === 'deadline_asc' ? null : v })} />
        </SimpleGrid>
      </form>
      <Group justify="space-between">
        <Text role="status" aria-live="polite" size="sm" data-testid="tenders-summary">
          {list.isPending ? 'Loading tenders…' : rows.length === 0 ? 'No tender matches these filters.' : `Tenders ${offset + 1}–${offset + rows.length}${list.data?.hasMore ? '' : ' (the last)'}`}
        </Text>
        {plan?.has('exports') && <Button component="a" href={exportHref} download size="xs" variant="default">Export CSV</Button>}
      </Group>
      {list.isError && <ErrorNotice error={list.error} />}
      {list.isPending && <Loading label="Loading tenders…" />}
      {rows.length > 0 && (
        <DataTable columns={['Tender', 'Buyer', 'Airport', 'Type', 'Status', 'Deadline', 'Estimated value']} minWidth={960}>
          {rows.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td><Anchor component={Link} to={`/tenders/${t.id}`}>{t.title}</Anchor></Table.Td>
              <Table.Td>{t.buyer}</Table.Td>
              <Table.Td>{t.iata_code ? <Anchor component={Link} to={`/airports/${t.iata_code}`}>{t.airport ?? t.iata_code}</Anchor> : (t.country_code ?? '—')}</Table.Td>
              <Table.Td>{TENDER_TYPE_LABELS[t.type] ?? t.type}</Table.Td>
              <Table.Td><TenderStatus status={t.status} /></Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.deadline ? <>{formatDateTime(t.deadline)}<br /><DaysToDeadline days={t.days_to_deadline} /></> : '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(t.estimated_value, t.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {(offset > 0 || list.data?.hasMore) && (
        <Group component="nav" aria-label="Pages of tenders" gap="xs">
          <Button variant="default" size="xs" disabled={offset === 0} onClick={() => set({ offset: Math.max(0, offset - PAGE) || null })}>Previous page</Button>
          <Button variant="default" size="xs" disabled={!list.data?.hasMore} onClick={() => set({ offset: offset + PAGE })}>Next page</Button>
        </Group>
      )}
    </Stack>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput label="Search tenders" type="search" value={text} onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onSearch(text.trim()); } }}
      onBlur={() => { if (text.trim() !== value) onSearch(text.trim()); }} />
  );
}

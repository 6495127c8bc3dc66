/**
 * `/projects`: the projects database as a table (title, airport, country, type, status, value in
 * its own currency, completion year). Every filter, the sort and the offset live in the URL (a
 * filtered list is a link), the filters' choices carry the facet counts, windows of 50 with
 * previous/next (`Link: rel="next"`), CSV export of the same filters, watch per row. A trial
 * reader is told the list is the five-project preview.
 */
import { Alert, Anchor, Button, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { NotInPlan, PreviewNotice } from '../../../components/plan-notice';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError } from '../../../lib/api/errors';
import { useEntitlements } from '../../../lib/entitlements';
import { formatAmount } from '../../../lib/format';
import { projectQueryOf, PROJECTS_PAGE, useProjects } from '../api/list-projects';
import { useProjectFacets } from '../api/project-facets';
import { PROJECT_STATUS_LABELS, ProjectStatus } from './project-status';
import { WatchButton } from './watch-button';

const PAGE = PROJECTS_PAGE;
const SORTS = [
  { value: 'title_asc', label: 'Title (A–Z)' },
  { value: 'value_desc', label: 'Value (highest first)' },
  { value: 'value_asc', label: 'Value (lowest first)' },
  { value: 'year_desc', label: 'Completion (latest first)' },
  { value: 'year_asc', label: 'Completion (soonest first)' },
  { value: 'airport_asc', label: 'Airport (A–Z)' },
  { value: 'updated_desc', label: 'Recently updated' },
];

export function ProjectsBrowser() {
  const [params, setParams] = useSearchParams();
  const query = projectQueryOf(params);
  const { offset = 0, limit: _limit, sort: _sort, ...filters } = query;
  const list = useProjects(query);
  const facets = useProjectFacets(filters);
  const plan = useEntitlements();
  const set = (changes: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === undefined || v === '') next.delete(k); else next.set(k, String(v));
    }
    if (!('offset' in changes)) next.delete('offset');
    setParams(next);
  };
  if (list.error instanceof ApiError && list.error.status === 403) {
    return <NotInPlan what="The projects database is not in your plan." includedIn="It is included in the Professional and Enterprise plans (and previewed in the 14-day trial)." />;
  }
  const exportHref = `/v1/projects/export?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString()}`;
  const preview = plan?.preview('projects');
  const rows = list.data?.projects ?? [];
  const options = (name: 'statuses' | 'regions' | 'countries' | 'types', label?: (v: string, l: string) => string) =>
    (facets.data?.[name] ?? []).map((f) => ({ value: f.value, label: `${label ? label(f.value, f.label) : f.label} (${f.count.toLocaleString()})` }));
  const withCurrent = (opts: { value: string; label: string }[], current: string | undefined) =>
    current && !opts.some((o) => o.value === current) ? [...opts, { value: current, label: current }] : opts;
  return (
    <Stack>
      {preview && <PreviewNotice what="projects" rows={5} fullIn="the Professional and Enterprise plans" />}
      <form role="search" aria-label="Filter projects" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <SearchBox value={params.get('q') ?? ''} onSearch={(q) => set({ q })} />
          <Select label="Region" clearable searchable data={withCurrent(options('regions'), filters.region)} value={filters.region ?? null} onChange={(v) => set({ region: v })} />
          <Select label="Country" clearable searchable data={withCurrent(options('countries'), filters.country)} value={filters.country ?? null} onChange={(v) => set({ country: v })} />
          <Select label="Status" clearable data={withCurrent(options('statuses', (v) => PROJECT_STATUS_LABELS[v] ?? v), filters.status)} value={filters.status ?? null} onChange={(v) => set({ status: v })} />
          <Select label="Type" clearable searchable data={withCurrent(options('types'), filters.type)} value={filters.type ?? null} onChange={(v) => set({ type: v })} />
          <NumberFilter label="Minimum value (as stated)" name="min_value" value={filters.min_value} onCommit={set} />
          <NumberFilter label="Maximum value (as stated)" name="max_value" value={filters.max_value} onCommit={set} />
          <Group grow gap="xs" align="flex-start">
            <NumberFilter label="Completion from" name="year_from" value={filters.year_from} onCommit={set} />
            <NumberFilter label="to" name="year_to" value={filters.year_to} onCommit={set} />
          </Group>
          <Select label="Sort by" allowDeselect={false} data={SORTS} value={query.sort ?? 'title_asc'} onChange={(v) => set({ sort: v === 'title_asc' ? null : v })} />
        </SimpleGrid>
        <Text size="xs" mt={4}>Values are compared as each source stated them, in their own currency; nothing is converted.</Text>
      </form>
      <Group justify="space-between">
        <Text role="status" aria-live="polite" size="sm" data-testid="projects-summary">
          {list.isPending ? 'Loading projects…' : rows.length === 0 ? 'No project matches these filters.' : `Projects ${offset + 1}–${offset + rows.length}${list.data?.hasMore ? '' : ' (the last)'} `}
        </Text>
        <Group gap="xs">
          {params.toString() && <Button size="xs" variant="subtle" onClick={() => setParams(new URLSearchParams())}>Clear filters</Button>}
          {plan?.has('exports') && <Button component="a" href={exportHref} download size="xs" variant="default">Export CSV</Button>}
        </Group>
      </Group>
      {list.isError && <ErrorNotice error={list.error} />}
      {list.isPending && <Loading label="Loading projects…" />}
      {rows.length > 0 && (
        <DataTable columns={['Project', 'Airport', 'Country', 'Type', 'Status', 'Value', 'Completion']} actions minWidth={960}>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td><Anchor component={Link} to={`/projects/${p.id}`}>{p.title}</Anchor></Table.Td>
              <Table.Td>{p.iata_code ? <Anchor component={Link} to={`/airports/${p.iata_code}`}>{p.airport ?? p.iata_code}</Anchor> : '—'}</Table.Td>
              <Table.Td>{p.country_code ?? '—'}</Table.Td>
              <Table.Td>{p.project_type ?? '—'}</Table.Td>
              <Table.Td><ProjectStatus status={p.status} /></Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(p.value_amount, p.value_currency)}</Table.Td>
              <Table.Td ta="right">{p.expected_completion_year ?? '—'}</Table.Td>
              <Table.Td><WatchButton id={p.id} title={p.title} watched={p.is_watched} /></Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {(offset > 0 || list.data?.hasMore) && (
        <Group component="nav" aria-label="Pages of projects" gap="xs">
          <Button variant="default" size="xs" disabled={offset === 0} onClick={() => set({ offset: Math.max(0, offset - PAGE) || null })}>Previous page</Button>
          <Button variant="default" size="xs" disabled={!list.data?.hasMore} onClick={() => set({ offset: offset + PAGE })}>Next page</Button>
        </Group>
      )}
      {preview && rows.length >= 5 && <Alert color="blue" role="note">That is the end of the trial preview.</Alert>}
    </Stack>
  );
}

/** The free-text search: applied on Enter or by its button (not on every key). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput label="Search projects" type="search" value={text} onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onSearch(text.trim()); } }}
      onBlur={() => { if (text.trim() !== value) onSearch(text.trim()); }} />
  );
}

/** A whole-number filter, applied when the field is left or Enter is pressed. */
function NumberFilter({ label, name, value, onCommit }: { label: string; name: string; value: number | undefined; onCommit: (c: Record<string, number | null>) => void }) {
  const [v, setV] = useState<string | number>(value ?? '');
  useEffect(() => setV(value ?? ''), [value]);
  const commit = () => { const n = typeof v === 'number' ? v : null; if (n !== (value ?? null)) onCommit({ [name]: n }); };
  return (
    <NumberInput label={label} min={0} allowDecimal={false} value={v} onChange={setV} onBlur={commit}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } }} />
  );
}

/**
 * `/projects`: the projects database as a table (title, airport, country, type, status, value in
 * its own currency, completion year). Every filter of `GET /v1/projects` is a control (topics and
 * tags from the facets, the company by type-ahead) except `parent_project_id`, which a project's
 * page links to and which shows as a removable "Packages of …" chip; every filter, the sort and the
 * offset live in the URL (a filtered list is a link). The facets panel beside the table (above it,
 * folded, on a phone) lists status, region, type and country with counts; the filters' choices
 * carry the counts too. Windows of 50 with previous/next (`Link: rel="next"`), CSV export of the
 * same filters, watch per row. A trial reader is told the list is the five-project preview.
 */
import { Alert, Anchor, Badge, Button, CloseButton, Grid, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { FacetNav, type FacetGroup, type FacetItem } from '../../../components/facet-nav';
import { NotInPlan, PreviewNotice } from '../../../components/plan-notice';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError } from '../../../lib/api/errors';
import { useEntitlements } from '../../../lib/entitlements';
import { formatAmount } from '../../../lib/format';
import { referenceQuery } from '../../../lib/reference';
import { projectQuery } from '../api/get-project';
import { projectQueryOf, PROJECTS_PAGE, useProjects } from '../api/list-projects';
import { useProjectFacets } from '../api/project-facets';
import { CompanyFilter } from './company-filter';
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

type Changes = Record<string, string | number | null | undefined>;

/** The page's URL parameters with `changes` made (an empty value removes the parameter); a change of filter starts again at the first window. */
function changed(params: URLSearchParams, changes: Changes): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') next.delete(k); else next.set(k, String(v));
  }
  if (!('offset' in changes)) next.delete('offset');
  return next;
}

/** The facets panel's dimensions: the facet name, its label and the list parameter it sets. */
const PANEL = [
  { name: 'statuses', label: 'Status', param: 'status' },
  { name: 'regions', label: 'Region', param: 'region' },
  { name: 'types', label: 'Type', param: 'type' },
  { name: 'countries', label: 'Country', param: 'country' },
] as const;

export function ProjectsBrowser() {
  const [params, setParams] = useSearchParams();
  const query = projectQueryOf(params);
  const { offset = 0, limit: _limit, sort: _sort, ...filters } = query;
  const list = useProjects(query);
  const facets = useProjectFacets(filters);
  const plan = useEntitlements();
  // From the address bar, not this render's `params`: the URL changes before React re-renders, and a
  // second choice made in between would otherwise drop the first.
  const set = (changes: Changes) => setParams(changed(new URLSearchParams(window.location.search), changes));
  const href = (changes: Changes) => `/projects?${changed(params, changes).toString()}`;
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
  const statusLabelled = (items: FacetItem[]) => items.map((f) => ({ ...f, label: PROJECT_STATUS_LABELS[f.value] ?? f.label }));
  const panel: FacetGroup[] = PANEL.map(({ name, label, param }) => ({
    label,
    items: name === 'statuses' ? statusLabelled(facets.data?.statuses ?? []) : facets.data?.[name] ?? [],
    current: filters[param] ? [filters[param]] : [],
    hrefOf: (value) => href({ [param]: value }),
    clearHref: href({ [param]: null }),
  }));
  return (
    <Stack>
      {preview && <PreviewNotice what="projects" rows={5} fullIn="the Professional and Enterprise plans" />}
      <form role="search" aria-label="Filter projects" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <SearchBox value={params.get('q') ?? ''} onSearch={(q) => set({ q })} />
          <TermsFilter value={filters.terms} topics={facets.data?.topics ?? []} tags={facets.data?.tags ?? []} onChange={(terms) => set({ terms })} />
          <CompanyFilter value={filters.company_id} onChange={(id) => set({ company_id: id })} />
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
        <Text size="xs" mt={4}>
          Values are compared as each source stated them, in their own currency; nothing is converted. A project
          matches only with every topic and tag chosen; a company stands for its other names and subsidiaries too.
        </Text>
      </form>
      {filters.parent_project_id && <ProgrammeChip id={filters.parent_project_id} onRemove={() => set({ parent_project_id: null })} />}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FacetNav label="Narrow the projects" nouns={['project', 'projects']} collapsible groups={panel}>
            {facets.isError && <ErrorNotice error={facets.error} />}
          </FacetNav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
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
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The topics and tags to match, all of them (`terms`, comma-separated slugs): the choices are the
 * facets' topics and tags of the list as filtered, with counts; a chosen slug the facets do not list
 * is named from `/v1/reference` (or shown as the slug).
 */
function TermsFilter({ value, topics, tags, onChange }: { value: string | undefined; topics: FacetItem[]; tags: FacetItem[]; onChange: (terms: string | null) => void }) {
  const chosen = (value ?? '').split(',').filter(Boolean);
  const known = new Set([...topics, ...tags].map((f) => f.value));
  const missing = chosen.filter((v) => !known.has(v));
  const reference = useQuery({ ...referenceQuery, enabled: missing.length > 0 });
  const item = (f: FacetItem) => ({ value: f.value, label: `${f.label} (${f.count.toLocaleString()})` });
  const topicSlugs = new Set(topics.map((f) => f.value));
  // A slug is one choice even when it is both a topic and a tag (the filter takes slugs).
  const groups = [
    { group: 'Topics', items: topics.map(item) },
    { group: 'Tags', items: tags.filter((f) => !topicSlugs.has(f.value)).map(item) },
    { group: 'Chosen', items: missing.map((v) => ({ value: v, label: reference.data?.topics.find((t) => t.slug === v)?.name ?? v })) },
  ].filter((g) => g.items.length > 0);
  return (
    <MultiSelect label="Topics or tags" placeholder={chosen.length ? undefined : 'Any'} searchable clearable data={groups} value={chosen}
      onChange={(v) => onChange(v.length ? v.join(',') : null)} />
  );
}

/** While the list is a programme's packages (`parent_project_id`): says so, and removing it lists every project. */
function ProgrammeChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const programme = useQuery(projectQuery(id));
  const title = programme.data?.title ?? (programme.isError ? 'a programme' : '…');
  return (
    <Group>
      <Badge size="lg" variant="light" tt="none" data-testid="programme-filter"
        rightSection={<CloseButton size="sm" aria-label={`Remove the filter: packages of ${title}`} onClick={onRemove} />}>
        Packages of {title}
      </Badge>
    </Group>
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

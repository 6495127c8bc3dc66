/**
 * The archive search: every `/v1/search` parameter as a control and in the URL, facets with counts
 * (links that narrow the search), results with the query's terms highlighted, paging, CSV export
 * (when the plan includes it) and "alert me about this search".
 */
import { Anchor, Button, Checkbox, Grid, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArticleCard } from '../../../components/article-card';
import { FacetNav } from '../../../components/facet-nav';
import { HighlightedText } from '../../../components/highlighted-text';
import { NotInPlan, PlanNotice } from '../../../components/plan-gate';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { useCovers } from '../../../lib/covers';
import { useEntitlements } from '../../../lib/me';
import { useCreateSearchAlert } from '../api/create-alert';
import { compact, filterOf, useSearch, useSearchFacets, type SearchFilter } from '../api/search';

const LIMIT = 20;
type FacetName = 'regions' | 'topics' | 'tags' | 'airports' | 'years' | 'editions';
const FACETS: { name: FacetName; label: string; param: keyof SearchFilter }[] = [
  { name: 'regions', label: 'Region', param: 'region' },
  { name: 'topics', label: 'Topic', param: 'terms' },
  { name: 'tags', label: 'Tag', param: 'terms' },
  { name: 'airports', label: 'Airport', param: 'airport' },
  { name: 'years', label: 'Year', param: 'year' },
  { name: 'editions', label: 'Edition', param: 'edition' },
];

const toParams = (filter: SearchFilter, offset = 0) => {
  const p = new URLSearchParams(Object.entries(compact(filter)).map(([k, v]) => [k, String(v)]));
  if (offset) p.set('offset', String(offset));
  return p;
};

/** The filter with the facet value applied (terms accumulate: all must match). */
function narrowed(filter: SearchFilter, param: keyof SearchFilter, value: string): SearchFilter {
  if (param === 'terms') {
    const terms = new Set((filter.terms ?? '').split(',').filter(Boolean));
    terms.add(value);
    return { ...filter, terms: [...terms].join(',') };
  }
  if (param === 'year' || param === 'edition') return { ...filter, [param]: Number(value) };
  return { ...filter, [param]: value };
}

function SearchForm({ filter, regions, onSearch }: { filter: SearchFilter; regions: { value: string; label: string }[]; onSearch: (f: SearchFilter) => void }) {
  // The page re-creates the form (a new `key`) when the URL changes: the draft starts from the URL.
  const [draft, setDraft] = useState<SearchFilter>(filter);
  const set = (patch: Partial<SearchFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const regionOptions = draft.region && !regions.some((r) => r.value === draft.region) ? [...regions, { value: draft.region, label: draft.region }] : regions;
  return (
    <form role="search" aria-label="Archive" onSubmit={(e) => { e.preventDefault(); onSearch(draft); }}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Words or &quot;a phrase&quot;" name="q" value={draft.q ?? ''} onChange={(e) => set({ q: e.currentTarget.value })} style={{ flex: '1 1 240px' }}
            description='Words are ANDed; "quoted phrases", OR, -exclusion' />
          <Button type="submit">Search</Button>
        </Group>
        <Group wrap="wrap" align="flex-end">
          <Select label="Region" data={regionOptions} value={draft.region ?? null} onChange={(v) => set({ region: v ?? undefined })} clearable w={180} />
          <TextInput label="Topics or tags (slugs, comma-separated)" value={draft.terms ?? ''} onChange={(e) => set({ terms: e.currentTarget.value })} w={260} />
          <TextInput label="Airport (IATA)" value={draft.airport ?? ''} onChange={(e) => set({ airport: e.currentTarget.value })} w={130} />
          <NumberInput label="Year" allowDecimal={false} value={draft.year ?? ''} onChange={(v) => set({ year: typeof v === 'number' ? v : undefined })} min={1000} max={9999} w={110} />
          <NumberInput label="Edition" allowDecimal={false} value={draft.edition ?? ''} onChange={(v) => set({ edition: typeof v === 'number' ? v : undefined })} min={1} w={110} />
        </Group>
        <Group>
          <Checkbox label="Only my interests" checked={!!draft.mine} onChange={(e) => set({ mine: e.currentTarget.checked || undefined })} />
          <Checkbox label="Include calendar events" checked={!!draft.include_events} onChange={(e) => set({ include_events: e.currentTarget.checked || undefined })} />
        </Group>
      </Stack>
    </form>
  );
}

function AlertFromSearch({ filter }: { filter: SearchFilter }) {
  const create = useCreateSearchAlert();
  const name = filter.q ? `Search: ${filter.q}` : `Search: ${Object.entries(compact(filter)).map(([k, v]) => `${k}=${v}`).join(', ') || 'all articles'}`;
  return (
    <Stack gap={4}>
      <Button variant="default" loading={create.isPending} onClick={() => create.mutate({ name: name.slice(0, 200), query: compact(filter) })}>
        Alert me about this search
      </Button>
      <div role="status" aria-live="polite">
        {create.isSuccess && <Text size="sm">Alert created: “{create.data.name}”. <Anchor component={Link} to="/alerts">Manage alerts</Anchor></Text>}
      </div>
      {create.isError && <ErrorNotice error={create.error} title="Could not create the alert" />}
    </Stack>
  );
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const results = useSearch(filter, LIMIT, offset);
  const facets = useSearchFacets(filter);
  const me = useEntitlements();
  const covers = useCovers(results.data?.articles.map((a) => a.id) ?? []);
  const go = (f: SearchFilter, o = 0) => setParams(toParams(f, o));
  const exportUrl = `/v1/search/export?${toParams(filter).toString()}`;
  return (
    <Stack>
      {me.data?.preview('archive') && <PlanNotice kind="preview">Your trial searches the latest edition only; a paid plan searches the whole archive.</PlanNotice>}
      <SearchForm key={toParams(filter).toString()} filter={filter} regions={facets.data?.regions.map((r) => ({ value: r.value, label: r.label })) ?? []} onSearch={(f) => go(f)} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FacetNav label="Facets" nouns={['article', 'articles']} groups={facets.data ? FACETS.map(({ name, label, param }) => ({
            label, items: facets.data[name],
            current: param === 'terms' ? (filter.terms ?? '').split(',').filter(Boolean) : filter[param] === undefined ? [] : [String(filter[param])],
            hrefOf: (value) => `/search?${toParams(narrowed(filter, param, value)).toString()}`,
            clearHref: param === 'terms' ? undefined : `/search?${toParams({ ...filter, [param]: undefined }).toString()}`,
          })) : []}>
            {facets.isError && <ErrorNotice error={facets.error} />}
          </FacetNav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            {/* The row keeps a button's height from the start: the buttons arrive with /v1/me (no layout shift). */}
            <Group justify="space-between" wrap="wrap" mih={36}>
              <Title order={2} size="h4">Results</Title>
              <Group>
                {me.data?.has('exports') && me.data.has('archive') ? (
                  <Button component="a" href={exportUrl} download variant="default">Export CSV</Button>
                ) : null}
                {me.data && (me.data.has('alerts') || me.data.preview('alerts')) && <AlertFromSearch filter={filter} />}
              </Group>
            </Group>
            {results.isPending ? <Loading label="Searching…" /> : results.isError ? <ErrorNotice error={results.error} /> : (
              <>
                <div role="status" aria-live="polite">
                  <Text size="sm">{results.data.articles.length === 0 ? 'No articles match.' : `Results ${offset + 1}–${offset + results.data.articles.length}${results.data.hasNext ? ' (more on the next page)' : ''}`}</Text>
                </div>
                <Stack component="ol" gap="sm" aria-label="Search results" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {results.data.articles.map((a) => (
                    <li key={a.id}>
                      <ArticleCard article={a} cover={covers.data?.get(a.id)} title={a.highlight ? <HighlightedText fragments={a.highlight.headline} /> : undefined}>
                        {a.highlight && a.highlight.snippet.length > 0 ? <Text size="sm"><HighlightedText fragments={a.highlight.snippet} /></Text> : undefined}
                      </ArticleCard>
                    </li>
                  ))}
                </Stack>
                <Group component="nav" aria-label="Pages">
                  <Button variant="default" disabled={offset === 0} onClick={() => go(filter, Math.max(0, offset - LIMIT))}>Previous page</Button>
                  <Button variant="default" disabled={!results.data.hasNext} onClick={() => go(filter, offset + LIMIT)}>Next page</Button>
                </Group>
              </>
            )}
            {/* What the plan leaves out, after the results: said when /v1/me arrives, moving nothing above it. */}
            {me.data && !(me.data.has('exports') && me.data.has('archive')) && (
              <NotInPlan what="CSV export of the archive" features={['archive', 'exports']} />
            )}
            {me.data && !me.data.has('alerts') && !me.data.preview('alerts') && (
              <NotInPlan what="Alerts" features={['alerts']} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

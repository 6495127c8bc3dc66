/** `/airports`: airports by name, IATA code or city (the search in the URL as `?q=`), 50 at a time. */
import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { useAirports } from '../api/airports';

export function AirportsBrowser() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const offset = Number(params.get('offset')) || 0;
  const list = useAirports(q, offset);
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const go = (next: { q?: string; offset?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if (next.offset) p.set('offset', String(next.offset));
    setParams(p);
  };
  const rows = list.data?.airports ?? [];
  return (
    <Stack>
      <form role="search" aria-label="Find an airport" onSubmit={(e) => { e.preventDefault(); go({ q: text.trim(), offset: 0 }); }}>
        <Group align="flex-end" gap="xs">
          <TextInput label="Name, IATA code or city" type="search" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: 1, maxWidth: 420 }} />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <Text role="status" aria-live="polite" size="sm">
        {list.isPending ? 'Loading airports…' : rows.length === 0 ? 'No airport matches.' : `Airports ${offset + 1}–${offset + rows.length}`}
      </Text>
      {list.isError && <ErrorNotice error={list.error} />}
      {list.isPending && <Loading label="Loading airports…" />}
      {rows.length > 0 && (
        <DataTable columns={['IATA', 'Airport', 'City', 'Country', 'Region']} minWidth={640}>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.iata}</Table.Td>
              <Table.Td><Anchor component={Link} to={`/airports/${a.iata}`}>{a.name}</Anchor></Table.Td>
              <Table.Td>{a.city ?? '—'}</Table.Td>
              <Table.Td>{a.country}</Table.Td>
              <Table.Td>{a.region}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {(offset > 0 || list.data?.hasMore) && (
        <Group component="nav" aria-label="Pages of airports" gap="xs">
          <Button variant="default" size="xs" disabled={offset === 0} onClick={() => go({ offset: Math.max(0, offset - 50) })}>Previous page</Button>
          <Button variant="default" size="xs" disabled={!list.data?.hasMore} onClick={() => go({ offset: offset + 50 })}>Next page</Button>
        </Group>
      )}
    </Stack>
  );
}

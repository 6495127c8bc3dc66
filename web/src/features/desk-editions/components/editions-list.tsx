/** `/desk/editions`: every edition (drafts first in mind: newest first), create a draft, import a past issue. */
import { Anchor, Badge, Button, Group, NumberInput, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { LoadMore } from '../../../components/load-more';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { fieldError } from '../../../lib/api/errors';
import { useCreateEdition, useEditions } from '../api/editions';
import { ImportEdition } from './import-edition';

export const STATUS_COLOR: Record<string, string> = { draft: 'gray', published: 'teal', archived: 'orange' };

export function EditionsList() {
  const editions = useEditions();
  const create = useCreateEdition();
  const navigate = useNavigate();
  const next = Math.max(0, ...(editions.data ?? []).map((e) => e.number)) + 1;
  const form = useForm({ initialValues: { number: '' as number | string, publish_date: '' } });
  const [created, setCreated] = useState<string | null>(null);

  return (
    <Stack gap="xl">
      {editions.isPending ? <Loading label="Loading editions…" /> : editions.isLoadingError ? <ErrorNotice error={editions.error} title="Could not load the editions" /> : (
        <div>
          <DataTable columns={['Issue', 'Date', 'Status', 'Articles', 'Newsletter']} minWidth={520}>
            {editions.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td><Anchor component={Link} to={`/desk/editions/${e.id}`}>Issue {e.number}</Anchor></Table.Td>
                <Table.Td>{e.publish_date}</Table.Td>
                <Table.Td><Badge variant="light" color={STATUS_COLOR[e.status]}>{e.status}</Badge></Table.Td>
                <Table.Td>{e.article_count}</Table.Td>
                <Table.Td><Anchor component={Link} to={`/desk/newsletter/${e.id}`} aria-label={`Newsletter of issue ${e.number}`}>Newsletter</Anchor></Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <LoadMore query={editions} noun="editions" />
        </div>
      )}

      <section aria-labelledby="new-edition">
        <Title order={2} size="h3" id="new-edition" mb="sm">New draft edition</Title>
        <form onSubmit={form.onSubmit((v) => {
          const number = typeof v.number === 'number' ? v.number : next;
          create.mutate({ number, publish_date: v.publish_date }, {
            onSuccess: (e) => { setCreated(`Issue ${e.number} created.`); void navigate(`/desk/editions/${e.id}`); },
          });
        })}>
          <Stack maw={420}>
            <NumberInput label="Issue number" placeholder={String(next)} allowDecimal={false} min={1} {...form.getInputProps('number')} error={fieldError(create.error, 'number')} />
            <TextInput label="Publish date" type="date" required {...form.getInputProps('publish_date')} error={fieldError(create.error, 'publish_date')} />
            <WriteStatus error={create.error} success={created} />
            <Group><Button type="submit" loading={create.isPending}>Create draft</Button></Group>
          </Stack>
        </form>
      </section>

      <ImportEdition />
    </Stack>
  );
}

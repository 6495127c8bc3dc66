/**
 * Import a historical issue by pasting its export (`POST /v1/admin/editions/import`). The preview
 * asks the API what the paste would create (`dry_run: true`: the same parser and resolution, nothing
 * written); the editor then imports it.
 */
import { Alert, Button, Group, List, NumberInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { WriteStatus } from '../../../components/write-status';
import { fieldError } from '../../../lib/api/errors';
import { useImportEdition } from '../api/editions';

type Report = Awaited<ReturnType<ReturnType<typeof useImportEdition>['mutateAsync']>>;

export function ImportEdition() {
  const preview = useImportEdition();
  const run = useImportEdition();
  const [content, setContent] = useState('');
  const [number, setNumber] = useState<number | string>('');
  const [date, setDate] = useState('');
  const [shown, setShown] = useState<Report | null>(null);
  const body = () => ({ content, ...(typeof number === 'number' ? { number } : {}), ...(date ? { publish_date: date } : {}) });
  const done = run.data;

  return (
    <section aria-labelledby="import-edition">
      <Title order={2} size="h3" id="import-edition" mb="sm">Import a past issue</Title>
      <Stack maw={720}>
        <Text size="sm">Paste the issue's export: the JSON of an edition read, or its text or Markdown. The preview shows what the import will create; nothing is written until you import.</Text>
        <Textarea label="Export" autosize minRows={6} maxRows={16} value={content} onChange={(e) => { setContent(e.currentTarget.value); setShown(null); }} error={fieldError(preview.error ?? run.error, 'content')} />
        <Group grow>
          <NumberInput label="Issue number (when the paste lacks it)" allowDecimal={false} min={1} value={number} onChange={(v) => { setNumber(v); setShown(null); }} error={fieldError(preview.error ?? run.error, 'number')} />
          <TextInput label="Publish date (when the paste lacks it)" type="date" value={date} onChange={(e) => { setDate(e.currentTarget.value); setShown(null); }} error={fieldError(preview.error ?? run.error, 'publish_date')} />
        </Group>
        <Group>
          <Button variant="default" disabled={!content.trim()} loading={preview.isPending} onClick={() => preview.mutate({ ...body(), dry_run: true }, { onSuccess: setShown })}>Preview</Button>
          <Button disabled={!shown || !shown.created} loading={run.isPending} onClick={() => run.mutate(body(), { onSuccess: () => setShown(null) })}>Import</Button>
        </Group>
        <WriteStatus error={preview.error ?? run.error} success={done ? `Imported issue ${done.edition.number}: ${done.articles} articles (archived).` : null} />
        {done && <Text size="sm"><Link to={`/desk/editions/${done.edition.id}`}>Open issue {done.edition.number}</Link></Text>}
        {shown && (
          <Alert color={shown.created ? 'blue' : 'yellow'} title="Preview" role="region" aria-label="Import preview">
            {shown.created
              ? <Text size="sm">Will create issue {shown.edition.number} ({shown.edition.publish_date}), archived, with {shown.articles} article{shown.articles === 1 ? '' : 's'} (read as {shown.format}).</Text>
              : <Text size="sm">Issue {shown.edition.number} exists already: importing writes nothing.</Text>}
            {shown.unresolved.length > 0 && (
              <>
                <Text size="sm" mt="xs">Values that match nothing and will be left out:</Text>
                <List size="sm">{shown.unresolved.map((u, i) => <List.Item key={i}>{u.headline}: {u.field} “{u.value}” ({u.reason})</List.Item>)}</List>
              </>
            )}
          </Alert>
        )}
      </Stack>
    </section>
  );
}

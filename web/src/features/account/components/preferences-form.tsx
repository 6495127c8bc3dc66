/** Digest settings: how often, in which format, headlines only, a PDF attached. */
import { Alert, Button, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';
import { usePreferences } from '../api/get-preferences';
import { usePutPreferences } from '../api/put-preferences';

type Preferences = components['schemas']['V1Preferences'];

export function PreferencesForm() {
  const prefs = usePreferences();
  if (prefs.isPending) return <Loading />;
  if (prefs.isError) return <ErrorNotice error={prefs.error} />;
  return <PreferencesFields initial={prefs.data} />;
}

function PreferencesFields({ initial }: { initial: Preferences }) {
  const put = usePutPreferences();
  const form = useForm<Preferences>({ initialValues: initial });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => put.mutate(v, { onSuccess: () => notifications.show({ color: 'green', message: 'Preferences saved' }) }))}>
      <Stack maw={520}>
        <Select label="Digest" allowDeselect={false} {...form.getInputProps('digest_frequency')}
          data={[{ value: 'daily', label: 'Every day' }, { value: 'weekly', label: 'Every week' }, { value: 'never', label: 'Never' }]} />
        <Select label="Format" allowDeselect={false} {...form.getInputProps('digest_format')}
          data={[{ value: 'html', label: 'Formatted (with a plain-text alternative)' }, { value: 'text', label: 'Plain text only' }]} />
        <Switch label="Headlines only" description="The newsletter lists headlines and their links only." {...form.getInputProps('email_headlines_only', { type: 'checkbox' })} />
        <Switch label="Attach a PDF" description="The newsletter and alert mails carry the digest as a PDF." {...form.getInputProps('attach_pdf', { type: 'checkbox' })} />
        {put.isError && <Alert color="red" role="alert">{errorMessage(put.error)}</Alert>}
        <Button type="submit" loading={put.isPending} w="fit-content">Save preferences</Button>
      </Stack>
    </form>
  );
}

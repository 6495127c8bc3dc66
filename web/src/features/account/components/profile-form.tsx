/** Name, time zone (IANA) and country (ISO 3166-1 alpha-2) of the signed-in person. */
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { useProfile } from '../api/get-profile';
import { useReference } from '../../../lib/reference';
import { useUpdateProfile } from '../api/update-profile';

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

export function ProfileForm() {
  const profile = useProfile();
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <ErrorNotice error={profile.error} />;
  return <ProfileFields initial={profile.data} />;
}

interface Fields { email: string; name: string | null; timezone: string | null; country: string | null }

function ProfileFields({ initial }: { initial: Fields }) {
  const update = useUpdateProfile();
  const reference = useReference();
  const countries = useMemo(
    () => (reference.data?.countries ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    [reference.data],
  );
  const zones = useMemo(() => (initial.timezone && !TIME_ZONES.includes(initial.timezone) ? [initial.timezone, ...TIME_ZONES] : TIME_ZONES), [initial.timezone]);
  const form = useForm({ initialValues: { name: initial.name ?? '', timezone: initial.timezone, country: initial.country ?? '' } });
  const submit = form.onSubmit((v) =>
    update.mutate(
      { name: v.name.trim() || null, timezone: v.timezone || null, country: v.country.trim() ? v.country.trim().toUpperCase() : null },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Profile saved' }) },
    ));
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={520}>
        <TextInput label="Email address" value={initial.email} readOnly description="The address you sign in with." />
        <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
        <Select label="Time zone" searchable clearable data={zones} nothingFoundMessage="No such time zone" {...form.getInputProps('timezone')} />
        {countries.length > 0 ? (
          <Select label="Country" searchable clearable data={countries} nothingFoundMessage="No such country"
            value={form.getValues().country || null} onChange={(v) => form.setFieldValue('country', v ?? '')} />
        ) : (
          <TextInput label="Country" description="Two-letter code (ISO 3166-1), e.g. GB" maxLength={2} {...form.getInputProps('country')} />
        )}
        {update.isError && <Alert color="red" role="alert">{errorMessage(update.error)}</Alert>}
        <Button type="submit" loading={update.isPending} w="fit-content">Save profile</Button>
      </Stack>
    </form>
  );
}

/** Company sign-in (OpenID Connect) of an Enterprise account: its owner sets issuer, client and domains. */
import { Alert, Button, Group, PasswordInput, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import type { SsoConfig } from '../../../lib/api/paths';
import { useDeleteSso } from '../api/delete-sso';
import { useSso } from '../api/get-sso';
import { usePutSso } from '../api/put-sso';

export function Sso() {
  const sso = useSso();
  if (sso.isPending) return <Loading />;
  if (sso.error instanceof ApiError && (sso.error.status === 403 || sso.error.status === 404)) {
    return <Alert color="yellow" role="status" title="For owners of Enterprise accounts">{sso.error.message}</Alert>;
  }
  if (sso.isError) return <ErrorNotice error={sso.error} />;
  return <SsoForm current={sso.data} />;
}

function SsoForm({ current }: { current: SsoConfig | null }) {
  const put = usePutSso();
  const del = useDeleteSso();
  const form = useForm({
    initialValues: { issuer: current?.issuer ?? '', client_id: current?.client_id ?? '', client_secret: '', domains: current?.domains ?? [] },
    validate: {
      issuer: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'The issuer is a URL, e.g. https://login.example.com'),
      client_id: (v) => (v.trim() ? null : 'Enter the client id'),
      domains: (v) => (v.length ? null : 'Add at least one email domain'),
    },
  });
  const submit = form.onSubmit((v) => put.mutate(
    { issuer: v.issuer.trim(), client_id: v.client_id.trim(), domains: v.domains.map((d) => d.trim().toLowerCase()), ...(v.client_secret ? { client_secret: v.client_secret } : {}) },
    { onSuccess: () => { form.setFieldValue('client_secret', ''); notifications.show({ color: 'green', message: 'Company sign-in saved' }); } },
  ));
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={560}>
        <Text size="sm">
          People whose address is in one of these domains sign in at your identity provider; the first sign-in makes them members of this account (within its seats).
          Register <code>{`${window.location.origin}/v1/auth/sso/callback`}</code> as the redirect URI.
        </Text>
        <TextInput label="Issuer" placeholder="https://login.example.com" required {...form.getInputProps('issuer')} />
        <TextInput label="Client id" required {...form.getInputProps('client_id')} />
        <PasswordInput label="Client secret" autoComplete="off"
          description={current?.has_client_secret ? 'A secret is stored (never shown). Leave empty to keep it.' : 'From your identity provider.'}
          {...form.getInputProps('client_secret')} />
        <TagsInput label="Email domains" description="e.g. example.com; press Enter after each." {...form.getInputProps('domains')} />
        {(put.isError || del.isError) && <Alert color="red" role="alert">{errorMessage(put.error ?? del.error)}</Alert>}
        <Group>
          <Button type="submit" loading={put.isPending}>Save company sign-in</Button>
          {current && (
            <Button color="red" variant="light" loading={del.isPending}
              onClick={() => del.mutate(undefined, { onSuccess: () => { form.reset(); notifications.show({ message: 'Company sign-in removed' }); } })}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

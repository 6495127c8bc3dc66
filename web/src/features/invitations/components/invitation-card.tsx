/** The invitation: who invites whom, into which account, with which role; joining signs the person in. */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

export function InvitationCard({ code }: { code: string }) {
  const invitation = useInvitation(code);
  const accept = useAcceptInvitation(code);
  const navigate = useNavigate();
  const form = useForm({ initialValues: { name: '' } });
  if (invitation.isPending) return <Loading />;
  if (invitation.error instanceof ApiError && invitation.error.status === 404) {
    return (
      <Alert color="red" role="alert" title="This invitation does not work">
        It may have expired or been used already. Ask the person who invited you for a new one, or <Anchor component={Link} to="/sign-in">sign in</Anchor>.
      </Alert>
    );
  }
  if (invitation.isError) return <ErrorNotice error={invitation.error} />;
  const inv = invitation.data;
  const open = inv.status === 'open';
  return (
    <Stack>
      <Text>
        <strong>{inv.invited_by?.name ?? 'A colleague'}</strong> invites <strong>{inv.email}</strong> to join <strong>{inv.account_name}</strong> as {inv.role === 'admin' ? 'an admin' : `a ${inv.role}`}.
      </Text>
      <Text size="sm">The invitation is valid until {formatDate(inv.expires_at)}.</Text>
      {!open && <Alert color="yellow" role="status">This invitation is {inv.status}.</Alert>}
      {open && (
        <form noValidate onSubmit={form.onSubmit((v) => accept.mutate(v.name.trim() ? { name: v.name.trim() } : {}, {
          onSuccess: () => { void navigate('/account', { replace: true }); },
        }))}>
          <Stack>
            <TextInput label="Your name" description="Shown to the other members. If you already have an account, leave it as it is." autoComplete="name" {...form.getInputProps('name')} />
            {accept.isError && <Alert color="red" role="alert">{errorMessage(accept.error)}</Alert>}
            <Button type="submit" loading={accept.isPending}>Join {inv.account_name}</Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

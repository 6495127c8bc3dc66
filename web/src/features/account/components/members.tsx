/** Members of the account: invite, open invitations, remove (the seats: billing's SeatsUsed). */
import { Alert, Badge, Button, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable } from '../../../components/data-table';
import { Section } from '../../../components/section';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/format';
import { useInviteMember } from '../api/invite-member';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';

interface Member { user_id: string | null; email: string; name: string | null; role: 'owner' | 'admin' | 'member'; status: 'active' | 'invited'; joined_at: string }

export function Members() {
  const members = useMembers();
  if (members.isPending) return <Loading />;
  if (members.isError) return <ErrorNotice error={members.error} />;
  return (
    <Stack gap="xl">
      <Invite />
      <MemberTable members={members.data} />
    </Stack>
  );
}

function Invite() {
  const invite = useInviteMember();
  const form = useForm({
    initialValues: { email: '', role: 'member' as 'member' | 'admin' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter an email address') },
  });
  return (
    <Section id="invite" title="Invite a colleague">
      <form noValidate onSubmit={form.onSubmit((v) => invite.mutate({ email: v.email.trim(), role: v.role }, {
        onSuccess: (r) => {
          form.reset();
          notifications.show({ color: 'green', message: r.outcome === 'joined' ? `${r.member.email} joined the account` : `Invitation emailed to ${r.member.email}` });
        },
      }))}>
        <Stack maw={520}>
          <TextInput type="email" label="Colleague's email address" required {...form.getInputProps('email')} />
          <Select label="Role" allowDeselect={false} data={[{ value: 'member', label: 'Member' }, { value: 'admin', label: 'Admin (may invite and remove)' }]} {...form.getInputProps('role')} />
          {invite.isError && <Alert color="red" role="alert">{errorMessage(invite.error)}</Alert>}
          <Button type="submit" loading={invite.isPending} w="fit-content">Send invitation</Button>
        </Stack>
      </form>
    </Section>
  );
}

function MemberTable({ members }: { members: Member[] }) {
  const remove = useRemoveMember();
  const [confirm, setConfirm] = useState<Member | null>(null);
  return (
    <Section id="members" title="Members and invitations">
      <DataTable columns={['Person', 'Role', 'Status', 'Since']} actions minWidth={520}>
        {members.map((m) => (
          <Table.Tr key={m.user_id ?? m.email}>
            <Table.Td>{m.name ? <>{m.name}<br /><Text span size="sm">{m.email}</Text></> : m.email}</Table.Td>
            <Table.Td>{m.role}</Table.Td>
            <Table.Td><Badge variant="light" color={m.status === 'active' ? 'green' : 'gray'}>{m.status === 'active' ? 'member' : 'invited'}</Badge></Table.Td>
            <Table.Td>{formatDate(m.joined_at)}</Table.Td>
            <Table.Td>
              {m.role !== 'owner' && m.user_id && (
                <Button size="xs" variant="light" color="red" onClick={() => setConfirm(m)} aria-label={`Remove ${m.email}`}>Remove</Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <ConfirmModal opened={confirm !== null} onClose={() => setConfirm(null)} title="Remove this member?" confirmLabel="Remove" cancelLabel="Cancel"
        pending={remove.isPending} error={remove.error}
        onConfirm={() => confirm?.user_id && remove.mutate(confirm.user_id, { onSuccess: () => setConfirm(null) })}>
        <Text>{confirm?.email} loses the account's access at once, and the API keys they made under it are revoked.</Text>
      </ConfirmModal>
    </Section>
  );
}

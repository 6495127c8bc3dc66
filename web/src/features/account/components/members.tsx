/** Members of the account: seats used of seats bought, invite, open invitations, remove. */
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/format';
import { useSubscription } from '../../billing/api/get-subscription';
import { useInviteMember } from '../api/invite-member';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';

interface Member { user_id: string | null; email: string; name: string | null; role: 'owner' | 'admin' | 'member'; status: 'active' | 'invited'; joined_at: string }

export function Members() {
  const members = useMembers();
  const subscription = useSubscription();
  if (members.isPending) return <Loading />;
  if (members.isError) return <ErrorNotice error={members.error} />;
  const seats = subscription.data?.seats;
  return (
    <Stack gap="xl">
      {seats && (
        <Text role="status" data-testid="seats">
          <strong>{seats.used}</strong> of <strong>{seats.bought}</strong> seats used (members and open invitations).
        </Text>
      )}
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
    <section aria-labelledby="invite-heading">
      <Text component="h2" id="invite-heading" fw={600} size="lg" mb="sm">Invite a colleague</Text>
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
    </section>
  );
}

function MemberTable({ members }: { members: Member[] }) {
  const remove = useRemoveMember();
  const [confirm, setConfirm] = useState<Member | null>(null);
  return (
    <section aria-labelledby="members-heading">
      <Text component="h2" id="members-heading" fw={600} size="lg" mb="sm">Members and invitations</Text>
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Person</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Since</Table.Th>
              <Table.Th scope="col"><span className="visually-hidden">Actions</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Remove this member?" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{confirm?.email} loses the account's access at once, and the API keys they made under it are revoked.</Text>
          {remove.isError && <Alert color="red" role="alert">{errorMessage(remove.error)}</Alert>}
          <Group>
            <Button color="red" loading={remove.isPending}
              onClick={() => confirm?.user_id && remove.mutate(confirm.user_id, { onSuccess: () => setConfirm(null) })}>Remove</Button>
            <Button variant="default" onClick={() => setConfirm(null)}>Cancel</Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}

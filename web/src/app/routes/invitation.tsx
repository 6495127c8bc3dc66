/** `/invitations/{code}`: what the invitation email links to; who invites whom into which account, then join. */
import { Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { InvitationCard } from '../../features/invitations/components/invitation-card';

export function Component() {
  const { code = '' } = useParams();
  return (
    <Paper maw={520} mx="auto" p={{ base: 'sm', sm: 'xl' }} withBorder>
      <PageTitle>Invitation</PageTitle>
      <InvitationCard code={code} />
    </Paper>
  );
}

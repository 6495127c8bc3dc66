/** `/account/members`: seats used of seats bought, invite, open invitations, remove. */
import { PageTitle } from '../../../components/page-title';
import { Members } from '../../../features/account/components/members';
import { SeatsUsed } from '../../../features/billing/components/seats-used';

export function Component() {
  return (
    <>
      <PageTitle>Members</PageTitle>
      <SeatsUsed />
      <Members />
    </>
  );
}

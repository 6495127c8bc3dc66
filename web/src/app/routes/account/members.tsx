/** `/account/members`: Members. */
import { PageTitle } from '../../../components/page-title';
import { Members } from '../../../features/account/components/members';

export function Component() {
  return (
    <>
      <PageTitle>Members</PageTitle>
      <Members />
    </>
  );
}

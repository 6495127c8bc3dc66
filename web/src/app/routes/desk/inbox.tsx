/** `/desk/inbox`: the editorial inbox, triaged with the mouse or the keyboard. */
import { PageTitle } from '../../../components/page-title';
import { Inbox } from '../../../features/desk-inbox/components/inbox';

export function Component() {
  return (
    <>
      <PageTitle>Inbox</PageTitle>
      <Inbox />
    </>
  );
}

/** `/desk/calendar`: Events calendar (the editorial desk, issue 27). */
import { PageTitle } from '../../../components/page-title';
import { DeskCalendar } from '../../../features/desk-records/components/desk-records';

export function Component() {
  return (
    <>
      <PageTitle>Events calendar</PageTitle>
      <DeskCalendar />
    </>
  );
}

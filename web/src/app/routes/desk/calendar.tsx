/** `/desk/calendar`: Events calendar (the editorial desk, docs/web-app.md). */
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

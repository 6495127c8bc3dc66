/** `/calendar`: industry events. */
import { PageTitle } from '../../components/page-title';
import { EventList } from '../../features/calendar/components/event-list';

export function Component() {
  return (
    <>
      <PageTitle>Calendar</PageTitle>
      <EventList />
    </>
  );
}

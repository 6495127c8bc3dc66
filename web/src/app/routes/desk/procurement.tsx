/** `/desk/procurement`: Procurement requests (the editorial desk, issue 27). */
import { PageTitle } from '../../../components/page-title';
import { DeskProcurement } from '../../../features/desk-procurement/components/desk-procurement';

export function Component() {
  return (
    <>
      <PageTitle>Procurement requests</PageTitle>
      <DeskProcurement />
    </>
  );
}

/** `/desk/procurement`: Procurement requests (the editorial desk, docs/web-app.md). */
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

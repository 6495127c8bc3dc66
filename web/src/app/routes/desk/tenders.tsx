/** `/desk/tenders`: Tenders (the editorial desk, docs/web-app.md). */
import { PageTitle } from '../../../components/page-title';
import { DeskTenders } from '../../../features/desk-records/components/desk-records';

export function Component() {
  return (
    <>
      <PageTitle>Tenders</PageTitle>
      <DeskTenders />
    </>
  );
}

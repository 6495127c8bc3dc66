/** `/tenders`: airport tenders (Worldwide Airport Tenders). */
import { PageTitle } from '../../components/page-title';
import { TendersBrowser } from '../../features/tenders/components/tenders-browser';

export function Component() {
  return (
    <>
      <PageTitle>Tenders</PageTitle>
      <TendersBrowser />
    </>
  );
}

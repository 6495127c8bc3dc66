/** `/desk/editions`: every edition, a new draft, the import of a past issue. */
import { PageTitle } from '../../../components/page-title';
import { EditionsList } from '../../../features/desk-editions/components/editions-list';

export function Component() {
  return (
    <>
      <PageTitle>Editions</PageTitle>
      <EditionsList />
    </>
  );
}

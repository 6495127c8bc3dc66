/** `/desk/editions/{id}`: the edition being made (summary, articles in order, publish). */
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { EditionDetail } from '../../../features/desk-editions/components/edition-detail';

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>Edition</PageTitle>
      <EditionDetail key={id} id={id} />
    </>
  );
}

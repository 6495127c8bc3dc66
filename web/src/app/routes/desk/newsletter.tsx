/** `/desk/newsletter/{edition}`: the digest, a test copy, the send, delivery and budget. */
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { Newsletter } from '../../../features/desk-editions/components/newsletter';

export function Component() {
  const { edition = '' } = useParams();
  return (
    <>
      <PageTitle>Newsletter</PageTitle>
      <Newsletter key={edition} id={edition} />
    </>
  );
}

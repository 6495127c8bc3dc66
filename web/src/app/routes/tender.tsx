/** `/tenders/{id}`: one tender (its title is the page's heading). */
import { useParams } from 'react-router';
import { TenderDetail } from '../../features/tenders/components/tender-detail';

export function Component() {
  const { id = '' } = useParams();
  return <TenderDetail key={id} id={id} />;
}

/** `/companies/{slug}`: one company profile (its name is the page's heading; an id opens it too). */
import { useParams } from 'react-router';
import { CompanyDetail } from '../../features/companies/components/company-detail';

export function Component() {
  const { slug = '' } = useParams();
  return <CompanyDetail key={slug} slug={slug} />;
}

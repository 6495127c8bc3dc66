/** `/projects/{id}`: one project (its title is the page's heading). */
import { useParams } from 'react-router';
import { ProjectDetail } from '../../features/projects/components/project-detail';

export function Component() {
  const { id = '' } = useParams();
  return <ProjectDetail key={id} id={id} />;
}

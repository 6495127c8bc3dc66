/** `/projects`: the projects database. */
import { PageTitle } from '../../components/page-title';
import { ProjectsBrowser } from '../../features/projects/components/projects-browser';

export function Component() {
  return (
    <>
      <PageTitle>Projects</PageTitle>
      <ProjectsBrowser />
    </>
  );
}

/** `/desk/projects`: Projects (the editorial desk, docs/web-app.md). */
import { PageTitle } from '../../../components/page-title';
import { DeskProjects } from '../../../features/desk-records/components/desk-records';

export function Component() {
  return (
    <>
      <PageTitle>Projects</PageTitle>
      <DeskProjects />
    </>
  );
}

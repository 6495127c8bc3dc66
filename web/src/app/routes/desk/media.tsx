/** `/desk/media`: Media library (the editorial desk, docs/web-app.md). */
import { PageTitle } from '../../../components/page-title';
import { DeskMedia } from '../../../features/desk-media/components/desk-media';

export function Component() {
  return (
    <>
      <PageTitle>Media library</PageTitle>
      <DeskMedia />
    </>
  );
}

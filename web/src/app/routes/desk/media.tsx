/** `/desk/media`: Media library (the editorial desk, issue 27). */
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

/** `/desk/sources`: News sources (the editorial desk, docs/web-app.md). */
import { PageTitle } from '../../../components/page-title';
import { DeskSources } from '../../../features/desk-sources/components/desk-sources';

export function Component() {
  return (
    <>
      <PageTitle>News sources</PageTitle>
      <DeskSources />
    </>
  );
}

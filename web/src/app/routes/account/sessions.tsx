/** `/account/sessions`: Sessions. */
import { PageTitle } from '../../../components/page-title';
import { Sessions } from '../../../features/account/components/sessions';

export function Component() {
  return (
    <>
      <PageTitle>Sessions</PageTitle>
      <Sessions />
    </>
  );
}

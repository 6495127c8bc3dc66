/** `/account/interests`: Interests. */
import { PageTitle } from '../../../components/page-title';
import { InterestsForm } from '../../../features/account/components/interests-form';

export function Component() {
  return (
    <>
      <PageTitle>Interests</PageTitle>
      <InterestsForm />
    </>
  );
}

/** `/account/sso`: Company sign-in. */
import { PageTitle } from '../../../components/page-title';
import { Sso } from '../../../features/account/components/sso';

export function Component() {
  return (
    <>
      <PageTitle>Company sign-in</PageTitle>
      <Sso />
    </>
  );
}

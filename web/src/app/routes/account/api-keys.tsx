/** `/account/api-keys`: API keys. */
import { PageTitle } from '../../../components/page-title';
import { ApiKeys } from '../../../features/account/components/api-keys';

export function Component() {
  return (
    <>
      <PageTitle>API keys</PageTitle>
      <ApiKeys />
    </>
  );
}

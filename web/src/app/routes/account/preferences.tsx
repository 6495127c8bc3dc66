/** `/account/preferences`: Email preferences. */
import { PageTitle } from '../../../components/page-title';
import { PreferencesForm } from '../../../features/account/components/preferences-form';

export function Component() {
  return (
    <>
      <PageTitle>Email preferences</PageTitle>
      <PreferencesForm />
    </>
  );
}

/** `/account/connected-apps`: Connected apps. */
import { PageTitle } from '../../../components/page-title';
import { ConnectedApps } from '../../../features/oauth/components/connected-apps';

export function Component() {
  return (
    <>
      <PageTitle>Connected apps</PageTitle>
      <ConnectedApps />
    </>
  );
}

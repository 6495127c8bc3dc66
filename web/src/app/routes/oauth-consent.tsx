/** `/oauth/consent?interaction=…`: an app asks to connect (the authorization server sends the person here). */
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Consent } from '../../features/oauth/components/consent';

export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle>Connect an app</PageTitle>
      <Consent uid={params.get('interaction') ?? ''} />
    </>
  );
}

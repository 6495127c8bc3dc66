/** `/account/subscription`: Subscription. */
import { PageTitle } from '../../../components/page-title';
import { SubscriptionPanel } from '../../../features/billing/components/subscription';

export function Component() {
  return (
    <>
      <PageTitle>Subscription</PageTitle>
      <SubscriptionPanel />
    </>
  );
}

/** `/billing/cancel`: where the payment provider returns a buyer who gave up (CHECKOUT_CANCEL_URL). */
import { PageTitle } from '../../components/page-title';
import { CheckoutCancelled } from '../../features/billing/components/checkout-result';

export function Component() {
  return (
    <>
      <PageTitle>Checkout cancelled</PageTitle>
      <CheckoutCancelled />
    </>
  );
}

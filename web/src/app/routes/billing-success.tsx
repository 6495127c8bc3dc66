/** `/billing/success?session_id=…`: where the payment provider returns a buyer who paid (CHECKOUT_SUCCESS_URL). */
import { PageTitle } from '../../components/page-title';
import { CheckoutSuccess } from '../../features/billing/components/checkout-result';

export function Component() {
  return (
    <>
      <PageTitle>Thank you</PageTitle>
      <CheckoutSuccess />
    </>
  );
}

/**
 * The pages the payment provider returns to. Success: the checkout (GET /v1/billing/checkout/{id})
 * and the subscription are polled until the provider's notification has made the subscription
 * active. Cancel: nothing was charged.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { PENDING_CHECKOUT } from '../api/create-checkout';
import { useCheckout } from '../api/get-checkout';
import { useSubscription } from '../api/get-subscription';

const POLL_MS = 1500;

export function CheckoutSuccess() {
  const id = sessionStorage.getItem(PENDING_CHECKOUT);
  const subscription = useSubscription({ refetchInterval: POLL_MS });
  const active = subscription.data?.status === 'active';
  const checkout = useCheckout(id, active ? false : POLL_MS);
  if (active) {
    return (
      <Stack>
        <Alert color="green" title="Your subscription is active" role="status" data-testid="checkout-active">
          Thank you. Your {subscription.data!.plan} plan is active
          {subscription.data!.current_period_end ? ` until ${new Date(subscription.data!.current_period_end).toLocaleDateString()}` : ''}.
        </Alert>
        <Anchor component={Link} to="/account/subscription">See your subscription</Anchor>
      </Stack>
    );
  }
  if (subscription.isError) return <ErrorNotice error={subscription.error} />;
  return (
    <Stack>
      <Loading label="Waiting for the payment provider to confirm your payment…" />
      {checkout.data && <Text size="sm">Checkout status: {checkout.data.status}{checkout.data.payment_status ? `, payment ${checkout.data.payment_status}` : ''}.</Text>}
      {checkout.data?.status === 'expired' && <Alert color="red" role="alert">This checkout expired. <Anchor component={Link} to="/account/subscription">Start again</Anchor>.</Alert>}
      <Text size="sm">This page updates by itself; it usually takes a few seconds.</Text>
    </Stack>
  );
}

export function CheckoutCancelled() {
  const id = sessionStorage.getItem(PENDING_CHECKOUT);
  const checkout = useCheckout(id, false);
  return (
    <Stack>
      <Text>You left the checkout; nothing was charged.</Text>
      {checkout.data && <Text size="sm">Checkout status: {checkout.data.status}.</Text>}
      <Anchor component={Link} to="/account/subscription">Back to plans</Anchor>
    </Stack>
  );
}

/**
 * Whether checkout is open on this deployment. Checkout needs a payment provider; without one the
 * mode is `disabled` (checkout requests answer 503, seed 001 section 3).
 */
import type { Ctx } from '../context.js';
import type { PaymentProvider } from './provider.js';

/** Checkout modes (seed 001: test, live, disabled). */
export type CheckoutMode = 'test' | 'live' | 'disabled';

/** `{ checkout_enabled, mode }` for a deployment with `provider` (or none). */
export const checkoutConfig = (provider: Pick<PaymentProvider, 'mode'> | undefined): { checkout_enabled: boolean; mode: CheckoutMode } =>
  provider ? { checkout_enabled: true, mode: provider.mode } : { checkout_enabled: false, mode: 'disabled' };

/** The billing configuration of this deployment (/v1/billing/config): the mode follows from the secret key. */
export const getBillingConfig = (_ctx: Ctx, provider: PaymentProvider | undefined): { checkout_enabled: boolean; mode: CheckoutMode } => checkoutConfig(provider);

/**
 * Whether checkout is open on this deployment. Checkout needs a payment provider; until one is
 * configured the mode is `disabled` (checkout requests answer 503, seed 001 section 3).
 */
import type { Ctx } from '../context.js';

/** Checkout modes (seed 001: test, live, disabled). */
export type CheckoutMode = 'test' | 'live' | 'disabled';

/** A configured payment provider (none exists yet). */
export interface PaymentProvider {
  mode: 'test' | 'live';
}

/** `{ checkout_enabled, mode }` for a deployment with `provider` (or none). */
export const checkoutConfig = (provider: PaymentProvider | undefined): { checkout_enabled: boolean; mode: CheckoutMode } =>
  provider ? { checkout_enabled: true, mode: provider.mode } : { checkout_enabled: false, mode: 'disabled' };

/** The billing configuration of this deployment (/v1/billing/config): no payment provider is configured yet. */
export const getBillingConfig = (_ctx: Ctx): { checkout_enabled: boolean; mode: CheckoutMode } => checkoutConfig(undefined);

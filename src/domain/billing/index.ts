/**
 * The catalogue and billing: plans on sale, checkout configuration, quotes, trials, hosted checkout
 * at the payment provider (Stripe), its notifications, cancellation. What the faces may import.
 */
export { getBillingConfig, checkoutConfig, type CheckoutMode } from './get-billing-config.js';
export { listPlans } from './list-plans.js';
export { paymentProvider, modeOfKey, WEBHOOK_TOLERANCE_SECONDS, type PaymentProvider, type PaymentsConfig } from './provider.js';
export { quotePurchase, type Quote, type LineItem } from './quote-purchase.js';
export { startTrial } from './start-trial.js';
export { cancelSubscription } from './cancel.js';
export { startCheckout, getCheckout, type CheckoutCreated, type CheckoutState } from './checkout.js';
export { handleBillingEvent, type WebhookResult } from './handle-billing-event.js';
export { QuoteQuery, CheckoutInput } from './schemas.js';

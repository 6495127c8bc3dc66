/**
 * The payment provider (Stripe, through its official SDK). Configured by STRIPE_SECRET_KEY (its
 * `sk_test_` or `sk_live_` prefix gives the mode), STRIPE_WEBHOOK_SECRET (verifies notifications),
 * STRIPE_API_URL (optional: the API's base URL, for a local stand-in in tests) and the success and
 * cancel URLs of the hosted checkout page. Without a secret key checkout is disabled.
 */
import Stripe from 'stripe';

/** What the deployment configured (src/config.ts `payments`). */
export interface PaymentsConfig {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** `http(s)://host[:port]` of the provider's API; default Stripe's own. */
  apiUrl: string | undefined;
  /** Where the checkout page sends the buyer after paying; `{CHECKOUT_SESSION_ID}` is filled in by the provider. */
  successUrl: string;
  /** Where the checkout page sends a buyer who gives up. */
  cancelUrl: string;
}

/** A configured provider. */
export interface PaymentProvider {
  mode: 'test' | 'live';
  stripe: Stripe;
  /** `undefined`: notifications cannot be verified and are refused. */
  webhookSecret: string | undefined;
  successUrl: string;
  cancelUrl: string;
}

/** Seconds of tolerance between a notification's signed timestamp and the service clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The mode of a secret key: `sk_live_`/`rk_live_` live, anything else test. */
export const modeOfKey = (key: string): 'test' | 'live' => (/^(sk|rk)_live_/.test(key) ? 'live' : 'test');

/** The provider of `config`, or `undefined` when no secret key is configured (checkout disabled). */
export function paymentProvider(config: PaymentsConfig | undefined): PaymentProvider | undefined {
  if (!config?.secretKey) return undefined;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 10_000 };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) options.port = Number(url.port);
  }
  return {
    mode: modeOfKey(config.secretKey),
    stripe: new Stripe(config.secretKey, options),
    webhookSecret: config.webhookSecret,
    successUrl: config.successUrl,
    cancelUrl: config.cancelUrl,
  };
}

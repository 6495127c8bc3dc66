/**
 * `POST /v1/billing/checkout`: a hosted checkout at the payment provider; the browser goes there.
 * The checkout's id is kept for the page the provider returns to (/billing/success), whose
 * `session_id` is the provider's own id.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';

export const PENDING_CHECKOUT = 'airport-intel.checkout';

export function useCreateCheckout() {
  return useMutation({
    mutationFn: async (body: components['schemas']['V1CheckoutInput']) => unwrap(await api.POST('/v1/billing/checkout', { body })),
    onSuccess: (checkout) => {
      sessionStorage.setItem(PENDING_CHECKOUT, checkout.id);
      window.location.assign(checkout.url);
    },
  });
}

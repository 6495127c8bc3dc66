/** TypeBox input schemas of the billing operations (quote, checkout). */
import { Type, type Static } from 'typebox';
import { CURRENCY_CODE, StringEnum } from '../shared/input-schema.js';

/** What is being priced: the quote's query and the checkout's body. */
const purchase = {
  plan: Type.String({ minLength: 1, maxLength: 40, description: 'Plan code from /v1/plans (core, professional); Enterprise is sold by contract' }),
  currency: Type.String({ pattern: CURRENCY_CODE, maxLength: 3, description: 'ISO 4217 code of the price book: USD, EUR or GBP' }),
  interval: StringEnum(['month', 'year'] as const, { description: 'Billing interval', default: 'month' }),
  extra_seats: Type.Integer({ minimum: 0, maximum: 1000, default: 0, description: 'Seats beyond those the plan includes' }),
  add_wat: Type.Boolean({ default: false, description: 'Add the Worldwide Airport Tenders add-on' }),
};

/** `GET /v1/billing/quote` query. */
export const QuoteQuery = Type.Object(purchase);
export type QuoteQuery = Static<typeof QuoteQuery>;

/** `POST /v1/billing/checkout` body (defaults as the quote's). */
export const CheckoutInput = Type.Object({
  plan: purchase.plan,
  currency: purchase.currency,
  interval: Type.Optional(purchase.interval),
  extra_seats: Type.Optional(purchase.extra_seats),
  add_wat: Type.Optional(purchase.add_wat),
}, { additionalProperties: false });
export type CheckoutInput = Static<typeof CheckoutInput>;

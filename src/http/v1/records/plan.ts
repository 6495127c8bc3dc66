/** The plan record of `GET /v1/plans` (fields not shown by the seed; ours): the catalogue as sold. */
import { Type } from 'typebox';
import { StringEnum, component } from '../../schema.js';

const Price = component('V1Price', Type.Object({
  currency: Type.String({ description: 'ISO 4217' }),
  interval: StringEnum(['month', 'year'] as const),
  amount: Type.Integer({ minimum: 0, description: 'Minor units (cents, pence) per interval' }),
  seat_amount: Type.Optional(Type.Integer({ minimum: 0, description: 'Per extra seat, minor units per interval' })),
}));

export const Addon = component('V1Addon', Type.Object({
  code: Type.String(),
  name: Type.String(),
  features: Type.Array(Type.String()),
  prices: Type.Array(Price),
}, { title: 'Addon' }));

export const Plan = component('V1Plan', Type.Object({
  code: Type.String(),
  name: Type.String(),
  daily_quota: Type.Integer({ description: 'API requests per key per UTC day (the /api/v1 edition)' }),
  included_seats: Type.Integer(),
  features: Type.Array(Type.String(), { description: 'Features granted in full' }),
  previews: Type.Array(Type.String(), { description: 'Features granted as a narrowed preview' }),
  prices: Type.Array(Price, { description: 'Price book per currency and interval' }),
  addons: Type.Array(Addon, { description: 'Add-ons this plan can buy' }),
}, { title: 'Plan' }));

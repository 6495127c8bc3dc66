/** The catalogue and billing settings: plans on sale, checkout configuration. What the faces may import. */
export { getBillingConfig } from './get-billing-config.js';
export { listPlans } from './list-plans.js';

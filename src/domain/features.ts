/**
 * The feature names of the service, a leaf (no imports): the context types an identity's features
 * with them, the entitlements (./entitlements.ts) gate on them.
 */

/** Every feature name, as `/v1/me` reports them. */
export const FEATURES = ['archive', 'projects', 'alerts', 'wat', 'api', 'mcp', 'exports', 'ai_assistant'] as const;
/** One feature name. */
export type Feature = (typeof FEATURES)[number];

/** True when `value` is a feature name. */
export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);

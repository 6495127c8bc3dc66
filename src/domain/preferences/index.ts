/** Delivery preferences: what faces may import. */
export * from './schemas.js';
export { getPreferences, putPreferences } from './preferences.js';

/** Retention: the daily purge of what has served its purpose (decision 0037). */
export { housekeepingJobs, housekeepingTotals, purgeExpired, type HousekeepingTotals } from './purge-expired.js';
export { DEFAULT_RETENTION, PURGED_KINDS, type PurgedKind, type PurgeReport, type RetentionWindows } from './windows.js';

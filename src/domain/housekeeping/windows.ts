/** The retention settings and what the housekeeping purges (no dependencies: config.ts reads them). */

/** How long records are kept after they served their purpose, in days (0: purged at the next run). */
export interface RetentionWindows {
  /** Bodies and attachments of sent outbox messages (`RETENTION_OUTBOX_DAYS`, default 30). */
  outboxDays: number;
  /** Expired or revoked sessions (`RETENTION_SESSIONS_DAYS`, default 7). */
  sessionDays: number;
  /** The webhook attempt log (`RETENTION_WEBHOOK_ATTEMPTS_DAYS`, default 30). */
  webhookAttemptDays: number;
  /** Daily usage counters of API keys (`RETENTION_USAGE_DAYS`, default 90). */
  usageDays: number;
}

/** An app registered dynamically (RFC 7591) that no one connected within this many ms is purged. */
export const UNUSED_REGISTRATION_MS = 24 * 60 * 60 * 1000;

/** The windows when the deployment sets none. */
export const DEFAULT_RETENTION: RetentionWindows = { outboxDays: 30, sessionDays: 7, webhookAttemptDays: 30, usageDays: 90 };

/** The kinds of record the housekeeping purges, as labelled in `housekeeping_totals` and `/metrics`. */
export const PURGED_KINDS = ['outbox_bodies', 'sessions', 'idempotency_keys', 'webhook_attempts', 'usage_counters', 'oauth_records'] as const;
/** One of {@link PURGED_KINDS}. */
export type PurgedKind = (typeof PURGED_KINDS)[number];

/** What one run purged, by kind. */
export type PurgeReport = Record<PurgedKind, number>;

/**
 * Database unavailability, recognised in ONE place: the driver errors that mean "the database is
 * down, unreachable, overloaded or not answering in time" (as opposed to "this statement is wrong")
 * become a {@link DatabaseUnavailableError} — a DomainError `UNAVAILABLE` with a `Retry-After` — at
 * the database client (./guard.ts), so every face answers 503 without knowing any driver.
 *
 * Constraint violations (23xxx) and serialization failures (40001) are not unavailability: they are
 * conflicts, mapped elsewhere. See docs/decisions/0013-timeouts-and-unavailability.md.
 */
import { DomainError } from '../domain/errors.js';

/**
 * Why the database is unavailable: it did not answer in time, it cannot be reached at all, or the
 * statement was cancelled because its request's client went away (`abandoned`: src/domain/cancellation.ts;
 * nobody reads that answer).
 */
export type UnavailableReason = 'timeout' | 'unreachable' | 'abandoned';

/** Seconds a client is asked to wait before retrying (the `Retry-After` of a 503). */
export const RETRY_AFTER_SECONDS = 5;

/** A DomainError `UNAVAILABLE` raised by the database client, with the reason and the driver's error as `cause`. */
export class DatabaseUnavailableError extends DomainError {
  readonly reason: UnavailableReason;

  constructor(reason: UnavailableReason, cause?: unknown) {
    super(
      'UNAVAILABLE',
      reason === 'timeout'
        ? 'The database did not answer in time; try again shortly'
        : reason === 'abandoned'
          ? 'The client went away: the statements of its request were cancelled'
          : 'The database is unavailable; try again shortly',
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
    );
    this.reason = reason;
    if (cause !== undefined) this.cause = cause;
  }
}

/** SQLSTATEs of unavailability (PostgreSQL appendix A) and what they mean here. */
const SQLSTATES: Record<string, UnavailableReason> = {
  '57014': 'timeout', // query_canceled: statement_timeout fired
  '55P03': 'timeout', // lock_not_available: lock_timeout fired
  '57P01': 'unreachable', // admin_shutdown (also pg_terminate_backend)
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now (starting up, shutting down)
  '53300': 'unreachable', // too_many_connections
};

/** Node.js socket error codes (errno) of a server that cannot be reached. */
const ERRNOS: Record<string, UnavailableReason> = {
  ETIMEDOUT: 'timeout',
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  EPIPE: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
};

/** Messages of node-postgres (pg, pg-pool) and PGlite errors that carry no code. */
const MESSAGES: [RegExp, UnavailableReason][] = [
  [/^timeout exceeded when trying to connect/i, 'timeout'], // pg-pool: no free connection in time
  [/^Connection terminated due to connection timeout/i, 'timeout'], // pg-pool: connecting took too long
  [/^Query read timeout/i, 'timeout'], // pg: no answer within query_timeout
  [/^Connection terminated/i, 'unreachable'], // pg: the server closed the socket
  [/is not queryable/i, 'unreachable'], // pg: a client whose connection failed or ended
  [/^Cannot use a pool after calling end/i, 'unreachable'],
  [/^PGlite is closed/i, 'unreachable'],
];

/**
 * Why `err` means the database is unavailable, or `undefined` when it is any other error (a bad
 * statement, a constraint violation, a bug). Looks through `cause` chains and `AggregateError`s
 * (a host name resolving to several addresses, each refused).
 */
export function unavailableReason(err: unknown, depth = 0): UnavailableReason | undefined {
  if (err instanceof DatabaseUnavailableError) return err.reason;
  if (!(err instanceof Error) || depth > 5) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SQLSTATES[code]) return SQLSTATES[code];
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unreachable'; // class 08: connection exception
    if (ERRNOS[code]) return ERRNOS[code];
  }
  for (const [pattern, reason] of MESSAGES) if (pattern.test(err.message)) return reason;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const reason = unavailableReason(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return err.cause !== undefined ? unavailableReason(err.cause, depth + 1) : undefined;
}

/** Whether `err` means the database is unavailable (see {@link unavailableReason}). */
export const isUnavailable = (err: unknown): boolean => unavailableReason(err) !== undefined;

/**
 * `err` as a {@link DatabaseUnavailableError} when it means unavailability, else `err` unchanged.
 * The driver's error is kept as `cause` (logged, never shown to the caller).
 */
export function toUnavailable(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError) return err;
  const reason = unavailableReason(err);
  return reason ? new DatabaseUnavailableError(reason, err) : err;
}

/**
 * Whether the connection that raised `err` is unusable and must be dropped rather than reused:
 * every unavailability except a statement cancelled on the server's own timeout (57014, 55P03),
 * after which the connection is still healthy.
 */
export function connectionIsBroken(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return isUnavailable(err) && code !== '57014' && code !== '55P03';
}

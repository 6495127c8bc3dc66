/**
 * Transport-neutral domain errors. The domain throws these; each face (the /api/v1 edition,
 * the /v1 edition, the MCP server, the CLI) maps the code to its own format in one place.
 */

/** What went wrong, independent of any transport. */
export type ErrorCode =
  | 'VALIDATION' // the input is malformed or out of range
  | 'UNAUTHENTICATED' // no credentials, or credentials that are malformed, unknown, expired or revoked
  | 'FORBIDDEN' // valid credentials that lack the feature or role required
  | 'NOT_FOUND' // no such record (or one the caller may not see)
  | 'CONFLICT' // the write collides with existing state (duplicate edition number, ...)
  | 'UNPROCESSABLE' // well-formed but not processable as sent (an Idempotency-Key reused for another request)
  | 'QUOTA_EXCEEDED' // the daily request quota of the API key is spent
  | 'TOO_LARGE' // the uploaded content exceeds a configured cap (bytes, pixels)
  | 'UNSUPPORTED_MEDIA_TYPE' // the uploaded content is not of an accepted type (judged by its bytes)
  | 'GONE' // what the request names is no longer kept (a change-feed cursor older than the retained window)
  | 'UNAVAILABLE'; // a dependency (the database) does not answer

/** An error the domain raises on purpose, with a message fit to show the caller. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** For VALIDATION: the offending parameter or field. */
  readonly param?: string;
  /** For FORBIDDEN: the missing feature (`wat`, `api`, ...). */
  readonly feature?: string;
  /** For QUOTA_EXCEEDED: seconds until the quota resets (next UTC midnight), or a rate-limit window ends. */
  readonly retryAfterSeconds?: number;
  /** A machine-readable kind of refusal (`csrf`, `rate_limited`), for faces that name problem types. */
  readonly kind?: string;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { param?: string; feature?: string; retryAfterSeconds?: number; kind?: string } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (extra.param !== undefined) this.param = extra.param;
    if (extra.feature !== undefined) this.feature = extra.feature;
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
    if (extra.kind !== undefined) this.kind = extra.kind;
  }
}

/** `VALIDATION` error naming the parameter: `Invalid parameter "year": must be a four-digit year`. */
export const invalidParam = (param: string, problem: string): DomainError =>
  new DomainError('VALIDATION', `Invalid parameter "${param}": ${problem}`, { param });

/** `NOT_FOUND` error: `<what> not found`. */
export const notFound = (what: string): DomainError => new DomainError('NOT_FOUND', `${what} not found`);

/** `UNAUTHENTICATED` error. */
export const unauthenticated = (message: string): DomainError => new DomainError('UNAUTHENTICATED', message);

/** `CONFLICT` error. */
export const conflict = (message: string): DomainError => new DomainError('CONFLICT', message);

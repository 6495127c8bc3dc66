/**
 * The HTTP status of each transport-neutral domain error code, shared by every HTTP face
 * (each face still writes its own error body: `{ error }` or problem+json).
 */
import type { ErrorCode } from '../domain/errors.js';

/** HTTP status of each domain error code. */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  QUOTA_EXCEEDED: 429,
  UNAVAILABLE: 503,
};

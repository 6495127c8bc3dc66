/**
 * The HTTP status of each transport-neutral domain error code, shared by every HTTP face
 * (each face still writes its own error body: `{ error }` or problem+json).
 */
import type { FastifyReply } from 'fastify';
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
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  GONE: 410,
  UNAVAILABLE: 503,
};

/** Headers of a body that an error response replaces (a CSV export that failed before its first byte). */
const BODY_HEADERS = ['content-type', 'content-disposition', 'content-length'];

/**
 * Clears the body headers a route had set before it failed, so the error can be written in the
 * face's format: a streamed reply has already copied its headers onto the raw response, where
 * Fastify would still find `text/csv`. Once bytes were sent nothing can be replaced (Fastify then
 * ends the response; its `X-Request-Id` names the log line).
 */
export function clearBodyHeaders(reply: FastifyReply): void {
  if (reply.raw.headersSent) return;
  for (const name of BODY_HEADERS) {
    reply.removeHeader(name);
    reply.raw.removeHeader(name);
  }
}

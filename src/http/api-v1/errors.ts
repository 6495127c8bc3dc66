/**
 * The error dialect of the /api/v1 edition: every non-2xx body is `{ "error": "<message>" }`.
 * Domain error codes, validation failures and framework errors are mapped here, in one place.
 */
import { setBearerChallenge } from '../bearer-challenge.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { clearBodyHeaders, STATUS_OF } from '../status.js';
import { describeValidationError } from '../validation.js';

/** The body of an /api/v1 error: `{ error }` (also written by src/http/edge.ts for errors raised before Fastify). */
export const apiV1ErrorDocument = (message: string): { error: string } => ({ error: message });

/**
 * Sends `{ error }` for any error; 5xx bodies never carry internals (they are logged instead) and
 * always name the request id. UNAVAILABLE (the database is down or not answering) is 503 with
 * `Retry-After`.
 */
export function sendApiV1Error(error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  clearBodyHeaders(reply);
  if (error instanceof DomainError) {
    setBearerChallenge(error, request, reply);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    const status = STATUS_OF[error.code];
    if (status < 500) return reply.status(status).send(apiV1ErrorDocument(error.message));
    request.log.warn({ err: error.cause ?? error }, error.message);
    return reply.status(status).send(apiV1ErrorDocument(`${error.message} (request id ${request.id})`));
  }
  const fe = error as FastifyError;
  const validation = describeValidationError(fe);
  if (validation) return reply.status(400).send({ error: validation.message });
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && fe instanceof SyntaxError)) {
    return reply.status(400).send({ error: 'The request body is not valid JSON' });
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return reply.status(fe.statusCode).send({ error: fe.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ error: `Internal server error (request id ${request.id})` });
}

/** Installs the `{ error }` error handler on a scope (one without its own path prefix, too). */
export function installApiV1ErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendApiV1Error(error as FastifyError, request, reply));
}

/** Installs the error and not-found handlers of the /api/v1 scope. */
export function installApiV1Errors(app: FastifyInstance): void {
  installApiV1ErrorHandler(app);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

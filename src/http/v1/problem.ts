/**
 * The error dialect of the /v1 edition: RFC 9457 `application/problem+json` with `title`, `status`
 * and `detail`, plus an `errors` extension that names the parameter at fault. Domain error codes,
 * validation failures and framework errors are mapped here, in one place:
 * - `limit` out of range: 422, detail `validation failed` (seed 001, section 7);
 * - any other invalid parameter (a malformed `company_id`, an unknown `sort`): 400;
 * - 401 carries `WWW-Authenticate: Bearer`; 5xx never carries internals (they are logged).
 */
import { setBearerChallenge } from '../bearer-challenge.js';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '../../domain/errors.js';
import { clearBodyHeaders, STATUS_OF } from '../status.js';
import { describeValidationError } from '../validation.js';
import { component } from '../schema.js';
import { problemExample } from '../examples.js';

export const PROBLEM_TYPE = 'application/problem+json';

/** One invalid parameter. */
const FieldError = component('ProblemFieldError', Type.Object({
  name: Type.String({ description: 'The parameter or field, e.g. "limit"' }),
  in: Type.String({ description: 'query, path, body or header' }),
  reason: Type.String({ description: 'What is wrong with it, e.g. "must be <= 200"' }),
}));

/** RFC 9457 problem details. */
export const Problem = component('Problem', Type.Object(
  {
    type: Type.String({ description: 'A URI reference naming the problem type; "about:blank" when the status says it all' }),
    title: Type.String({ description: 'Short summary of the status, e.g. "Forbidden"' }),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String({ description: 'What went wrong here, for a person to read' }),
    instance: Type.Optional(Type.String({ description: 'The request path' })),
    errors: Type.Optional(Type.Array(FieldError, { description: 'Extension: the invalid parameters (400, 422)' })),
  },
  { title: 'Problem' },
), problemExample);

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid parameter value (e.g. a malformed company_id or an unknown sort)',
  401: 'Missing, malformed, unknown, expired or revoked token',
  403: 'The token lacks the entitlement; detail names what is not included',
  404: 'No such record',
  422: 'limit above 200 (detail "validation failed"; errors names the field)',
  500: 'Internal error; the detail carries the request id',
  503: 'The database is unavailable or did not answer in time; Retry-After says when to try again, the detail carries the request id',
};

/**
 * OpenAPI response entries for `codes`, each `application/problem+json`. A route that may answer
 * 500 also may answer 503 (the database is unavailable; docs/decisions/0013), so 503 comes with it.
 */
export const problemResponses = (...codes: number[]) =>
  Object.fromEntries((codes.includes(500) && !codes.includes(503) ? [...codes, 503] : codes).map((code) => [code, { description: DESCRIPTIONS[code] ?? STATUS_CODES[code], content: { [PROBLEM_TYPE]: { schema: Problem } } }]));

/** The problem type URI of a refusal kind (`csrf`, `rate_limited`; docs/sessions.md); `about:blank` without one. */
export const problemTypeOf = (kind: string | undefined): string => (kind ? `urn:airport-intel:problem:${kind}` : 'about:blank');

/** A problem document for `status` at the request path `instance` (also written by src/http/edge.ts for errors raised before Fastify). */
export const problemDocument = (status: number, detail: string, instance: string, errors?: { name: string; in: string; reason: string }[], kind?: string) => ({
  type: problemTypeOf(kind),
  title: STATUS_CODES[status] ?? 'Error',
  status,
  detail,
  instance,
  ...(errors ? { errors } : {}),
});

/** Sends a problem document. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: { name: string; in: string; reason: string }[],
  kind?: string,
): FastifyReply {
  const body = problemDocument(status, detail, reply.request.url.split('?')[0]!, errors, kind);
  return reply.status(status).header('content-type', `${PROBLEM_TYPE}; charset=utf-8`).send(body);
}

const IN: Record<string, string> = { 'query parameter': 'query', 'path parameter': 'path', 'body field': 'body', header: 'header' };

/** Maps any error to a problem document. */
export function sendV1Error(error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  clearBodyHeaders(reply);
  if (error instanceof DomainError) {
    setBearerChallenge(error, request, reply);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    const status = STATUS_OF[error.code];
    if (status >= 500) {
      // UNAVAILABLE (the database is down or not answering): 503, Retry-After, the request id.
      request.log.warn({ err: error.cause ?? error }, error.message);
      return sendProblem(reply, status, `${error.message} (request id ${request.id})`);
    }
    const errors = error.param ? [{ name: error.param, in: 'query', reason: error.message }] : undefined;
    return sendProblem(reply, status, error.message, errors, error.kind);
  }
  const fe = error as FastifyError;
  const v = describeValidationError(fe);
  if (v) {
    const errors = [{ name: v.param, in: IN[v.where] ?? v.where, reason: v.problem }];
    if (v.param === 'limit') return sendProblem(reply, 422, 'validation failed', errors);
    return sendProblem(reply, 400, v.message, errors);
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && fe instanceof SyntaxError)) {
    return sendProblem(reply, 400, 'The request body is not valid JSON');
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return sendProblem(reply, fe.statusCode, fe.message);
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, 500, `Internal server error (request id ${request.id})`);
}

/** Installs the problem+json error and not-found handlers of the /v1 scope. */
export function installV1Errors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendV1Error(error as FastifyError, request, reply));
  app.setNotFoundHandler((request, reply) => sendProblem(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
}

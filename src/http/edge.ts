/**
 * The service's edge, common to every face (docs/decisions/0013-timeouts-and-unavailability.md):
 * - the HTTP server's timeouts (request with body, headers, keep-alive, idle socket), from
 *   {@link HttpTimeouts};
 * - errors raised before any route runs — by Node's HTTP parser (431 headers too large, 408 request
 *   or headers too slow, 400 malformed) or by Fastify's router (400 bad URL encoding, 414 a path
 *   parameter too long) — answered in the dialect of the path: `/v1…` gets problem+json, everything
 *   else `{ error }`, each with an `X-Request-Id`;
 * - while the server shuts down (src/cli/shutdown.ts), a request that still arrives on an open
 *   keep-alive connection is answered 503 in the same dialect, with `Connection: close` and
 *   `Retry-After` (instead of Fastify's own body), so the client retries elsewhere;
 * - headers of every response: `X-Content-Type-Options: nosniff`, and on every response to a request
 *   with credentials a `Cache-Control` that keeps shared caches from storing it (`private, no-cache`
 *   unless the route set its own; a route's `public` becomes `private`).
 */
import crypto from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { HttpTimeouts } from '../config.js';
import { apiV1ErrorDocument, sendApiV1Error } from './api-v1/errors.js';
import { PROBLEM_TYPE, problemDocument, sendProblem, sendV1Error } from './v1/problem.js';
import { DomainError } from '../domain/errors.js';

/** Cache-Control of a response to a request with credentials when the route sets none. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** Whether `url` (path and query) belongs to the /v1 edition, whose errors are problem+json. */
const isV1 = (url: string): boolean => /^\/v1(?:[/?#]|$)/.test(url);

/** Sends `error` in the dialect of the request's path (problem+json under /v1, else `{ error }`). */
export function sendEditionError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  return isV1(request.url) ? sendV1Error(error, request, reply) : sendApiV1Error(error, request, reply);
}

/**
 * Error and not-found handlers of the root scope (routes outside both editions' scopes, and
 * requests no scope claims, such as a CORS preflight while CORS is off): each answered in the
 * dialect of its path, like the errors raised before routing.
 */
export function installRootErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendEditionError(error as FastifyError, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const detail = `No route ${request.method} ${request.url.split('?')[0]}`;
    return isV1(request.url) ? sendProblem(reply, 404, detail) : reply.status(404).send({ error: detail });
  });
}

/** The request id of each request in flight, for errors the HTTP parser raises while its body arrives. */
const requestIds = new WeakMap<IncomingMessage, string>();

/** What the parser's error means for the client: status and message. */
function describeClientError(err: NodeJS.ErrnoException): { status: number; message: string } {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request (headers and body) did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request line and headers are too large' };
    default:
      return { status: 400, message: 'The request is not valid HTTP' };
  }
}

/**
 * Fastify's `clientErrorHandler`: answers an error of the HTTP parser on the raw socket, in the
 * dialect of the path (taken from the request in flight, else from the request line of the bytes
 * that failed; `{ error }` when neither is known), then closes the connection.
 */
function clientErrorHandler(this: FastifyInstance, error: Error, socket: Socket): void {
  const err = error as NodeJS.ErrnoException & { rawPacket?: Buffer };
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  // The request line may be cut short (a 100 KB query string): its path is all the dialect needs.
  // Node hands over only the chunk that overflowed: when a slow client's request line began in an
  // earlier chunk, the path is unknown and the answer is `{ error }`.
  const rawLine = err.rawPacket ? /^[A-Z]+ (\/[^\s?#]*)/.exec(err.rawPacket.toString('latin1', 0, 8192))?.[1] : undefined;
  const url = inFlight?.req?.url ?? rawLine ?? '/';
  const id = (inFlight?.req && requestIds.get(inFlight.req)) || crypto.randomUUID();
  const { status, message } = describeClientError(err);
  this.log.info({ reqId: id, code: err.code, status }, 'client error');
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const v1 = isV1(url);
  const body = JSON.stringify(v1 ? problemDocument(status, message, url.split('?')[0]!) : apiV1ErrorDocument(message));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `content-type: ${v1 ? PROBLEM_TYPE : 'application/json'}; charset=utf-8`,
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${id}`,
    'x-content-type-options: nosniff',
    'connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/**
 * The Fastify server options of the edge: timeouts and the handlers of errors raised before routing.
 * Node checks the request and headers deadlines every `connectionsCheckingInterval`: a quarter of
 * the shorter one, between 10 ms and 1 s, so a deadline is enforced within 25 % of its length.
 */
export function edgeServerOptions(timeouts: HttpTimeouts): FastifyHttpOptions<Server> {
  const deadlines = [timeouts.requestMs, timeouts.headersMs].filter((ms) => ms > 0);
  const interval = Math.min(1000, Math.max(10, Math.floor(Math.min(...deadlines, 4000) / 4)));
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.connectionMs,
    http: { requestTimeout: timeouts.requestMs, headersTimeout: timeouts.headersMs, connectionsCheckingInterval: interval },
    clientErrorHandler: clientErrorHandler as FastifyServerOptions['clientErrorHandler'],
    // Requests arriving while the server closes get the edition's 503 (installEdgeHeaders).
    return503OnClosing: false,
    // FST_ERR_BAD_URL (400) and FST_ERR_MAX_PARAM_LENGTH (414), raised by the router before any hook.
    frameworkErrors: (error, request, reply) => void sendEditionError(error, request, reply),
  };
}

/** Installs the headers of every response (see the module comment); call before registering routes. */
export function installEdgeHeaders(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      return sendEditionError(new DomainError('UNAVAILABLE', 'The server is shutting down: retry the request', { retryAfterSeconds: 1 }), request, reply);
    }
    requestIds.set(request.raw, request.id);
    reply.header('x-content-type-options', 'nosniff');
    // Set here too, so that hijacked responses (the MCP transport) carry it.
    if (request.headers.authorization !== undefined) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization === undefined && !request.identity) return payload;
    const given = reply.getHeader('cache-control');
    if (given === undefined) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    else if (/\bpublic\b/i.test(String(given))) reply.header('cache-control', String(given).replace(/\bpublic\b/gi, 'private'));
    return payload;
  });
}

/**
 * In-process calls from one face into another (the MCP tool server calling /api/v1).
 *
 * The call goes through `app.inject` with the caller's own `Authorization` header, so every hook
 * of the target (authentication, plan gates, validation, row scoping) runs exactly as over HTTP.
 * It is marked with a header whose value is a random secret of this process, compared in constant
 * time: an outside client cannot forge it, so it cannot claim a channel it did not come through.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { Channel } from '../domain/context.js';

/** The header that marks an in-process call. */
const CHANNEL_HEADER = 'x-airport-intel-channel';
/** `<channel>:<secret>`; the secret is made once per process and never leaves it. */
const SECRET = crypto.randomBytes(32).toString('base64url');
const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
const EXPECTED: Record<Channel, Buffer> = { http: digest(`http:${SECRET}`), mcp: digest(`mcp:${SECRET}`) };

/**
 * The channel `request` came through: `mcp` when it carries this process's MCP marker, else `http`
 * (a missing, wrong or forged marker is plain HTTP).
 */
export function channelOf(request: FastifyRequest): Channel {
  const given = request.headers[CHANNEL_HEADER];
  if (typeof given !== 'string') return 'http';
  return crypto.timingSafeEqual(digest(given), EXPECTED.mcp) ? 'mcp' : 'http';
}

/** One in-process request. */
export interface InternalRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query string, e.g. `/api/v1/articles?limit=5`. */
  url: string;
  /** The caller's own `Authorization` header, passed through unchanged. */
  authorization: string | undefined;
  /** JSON body (POST). */
  body?: unknown;
  /** Request id of the outer request, so both log lines share it. */
  requestId: string;
  channel: Channel;
  /** A dry run of a write (MCP only): the admin write runs in a transaction that is rolled back. */
  dryRun?: true | undefined;
  /** `Idempotency-Key` of a POST write. */
  idempotencyKey?: string | undefined;
}

/** The header that asks for a dry run; trusted only together with this process's MCP marker. */
const DRY_RUN_HEADER = 'x-airport-intel-dry-run';

/** True when `request` is an in-process MCP call that asked for a dry run (an outside client cannot ask). */
export function dryRunOf(request: FastifyRequest): boolean {
  return request.headers[DRY_RUN_HEADER] === '1' && channelOf(request) === 'mcp';
}

/** Runs `call` inside `app` as the caller, marked with its channel. */
export function injectAs(app: FastifyInstance, call: InternalRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    [CHANNEL_HEADER]: `${call.channel}:${SECRET}`,
    accept: 'application/json, text/csv;q=0.9, */*;q=0.1',
    'x-request-id': call.requestId,
  };
  if (call.authorization !== undefined) headers.authorization = call.authorization;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.dryRun) headers[DRY_RUN_HEADER] = '1';
  if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
  return app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
  });
}

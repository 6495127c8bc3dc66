/**
 * call_api: one /api/v1 request, made in-process as the caller (their own Authorization header,
 * marked as coming through the MCP channel), and its answer sized for a model. Only paths under
 * /api/v1/ on this service can be reached: no host, no `..`, no other prefix.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParam } from '../domain/errors.js';
import { injectAs, type InternalRequest } from '../http/internal-call.js';
import { type CallResult } from './budget.js';
import { API_PREFIX } from './catalogue.js';
import { shapeJson } from './shape-json.js';
import { shapeText } from './shape-text.js';

/** A query-string value as a model writes it; lists are sent comma-separated. */
export type QueryValue = string | number | boolean | (string | number)[];

/** The arguments of call_api. */
export interface CallApiArgs {
  method: string;
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: Record<string, unknown> | undefined;
  fields?: string[] | undefined;
  max_items?: number | undefined;
}

/** Who calls, and from which MCP request. */
export interface Caller {
  app: FastifyInstance;
  authorization: string | undefined;
  requestId: string;
}

/**
 * Splits and checks a path argument.
 * @returns the path (still percent-encoded) and the parameters of its query string, if it had one
 * @throws DomainError VALIDATION for a full URL, `.`/`..` segments, a fragment, or a path outside /api/v1/
 */
export function checkPath(raw: string): { path: string; query: URLSearchParams } {
  const reject = (problem: string) => invalidParam('path', problem);
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
    throw reject('give a path on this service such as /api/v1/editions, not a full URL; call_api reaches nothing else');
  }
  if (raw.includes('#')) throw reject('must not contain a fragment (#)');
  const [path = '', search = ''] = raw.split(/\?(.*)/s, 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw reject('is not valid percent-encoding');
  }
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) throw reject('must not contain backslashes or control characters');
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) throw reject('must not contain "." or ".." segments');
  if (!path.startsWith(API_PREFIX) || !decoded.startsWith(API_PREFIX)) {
    throw reject(`only ${API_PREFIX}* paths can be called (got "${raw.slice(0, 100)}"); use search_api to find the right one`);
  }
  if (decoded.slice(1).split('/').some((segment, i, all) => segment === '' && i < all.length - 1)) throw reject('must not contain empty segments (//)');
  return { path, query: new URLSearchParams(search) };
}

const asText = (value: QueryValue): string => (Array.isArray(value) ? value.join(',') : String(value));

/** The request call_api makes for `args`. */
export function requestOf(args: CallApiArgs, caller: Caller): InternalRequest & { query: Record<string, QueryValue> } {
  const { path, query: inPath } = checkPath(args.path);
  if (args.body !== undefined && args.method === 'GET') {
    throw invalidParam('body', 'is sent only with POST; put the parameters of a GET in query');
  }
  const query: Record<string, QueryValue> = { ...Object.fromEntries(inPath), ...args.query };
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, asText(value)])).toString();
  return {
    method: args.method as InternalRequest['method'],
    url: search ? `${path}?${search}` : path,
    query,
    authorization: caller.authorization,
    body: args.method === 'GET' ? undefined : (args.body ?? {}),
    requestId: caller.requestId,
    channel: 'mcp',
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Runs call_api: the request in-process, then its answer sized to `budget`. */
export async function callApi(args: CallApiArgs, caller: Caller, budget: number): Promise<CallResult> {
  const request = requestOf(args, caller);
  const response = await injectAs(caller.app, request);
  const contentType = String(response.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim();
  const sizing = { fields: args.fields, maxItems: args.max_items, budget };
  const answer = /json/i.test(contentType) ? parseJson(response.payload) : undefined;
  if (answer === undefined) return shapeText(response.statusCode, contentType, response.payload, { ...sizing, path: request.url.split('?')[0]! });
  const body = request.body as Record<string, unknown> | undefined;
  return shapeJson(response.statusCode, contentType, answer, { ...sizing, method: args.method, query: request.query, body });
}

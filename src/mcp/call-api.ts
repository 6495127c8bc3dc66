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
import { isRecord } from './fields.js';
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
  /** Lists keep long text and list members of each record (else they are left out, and said so). */
  detail?: boolean | undefined;
  /** Administrators: required (true) for a write. */
  confirm?: boolean | undefined;
  /** Administrators: run the write in a transaction that is rolled back. */
  dry_run?: boolean | undefined;
  /** Administrators: the Idempotency-Key of a POST write. */
  idempotency_key?: string | undefined;
}

/** Who calls, and from which MCP request. */
export interface Caller {
  app: FastifyInstance;
  authorization: string | undefined;
  requestId: string;
  /** Administrators may write (with confirm); everyone else only reads. */
  isAdmin: boolean;
}

/** True for a request that changes data: any method but GET, except the archive search's POST. */
export const isWrite = (method: string, path: string): boolean =>
  method !== 'GET' && !(method === 'POST' && path.split('?')[0]!.replace(/\/+$/, '') === '/api/v1/search');

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
  const placeholder = /\{([^}]*)\}/.exec(decoded);
  if (placeholder) throw reject(`fill in {${placeholder[1]}} with a real value first (e.g. /api/v1/editions/{number} → /api/v1/editions/42)`);
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
  const write = isWrite(args.method, path);
  const others = methodsOf(caller.app, path).filter((m) => m !== args.method);
  if (others.length && !methodsOf(caller.app, path).includes(args.method)) {
    throw invalidParam('method', `${path} answers ${others.join(' or ')}, not ${args.method}: use method ${others[0]}`);
  }
  if (write) {
    if (!caller.isAdmin) throw invalidParam('method', `${args.method} ${path} would change data; call_api only reads for your account`);
    if (args.confirm !== true && args.dry_run !== true) {
      throw invalidParam('confirm', `${args.method} ${path} changes data: call again with confirm: true to do it, or with dry_run: true to check it without writing`);
    }
  }
  return {
    method: args.method as InternalRequest['method'],
    url: search ? `${path}?${search}` : path,
    query,
    authorization: caller.authorization,
    body: args.method === 'GET' || (args.method === 'DELETE' && args.body === undefined) ? undefined : (args.body ?? {}),
    requestId: caller.requestId,
    channel: 'mcp',
    ...(write && args.dry_run === true ? { dryRun: true } : {}),
    ...(write && args.dry_run !== true && args.idempotency_key !== undefined ? { idempotencyKey: args.idempotency_key } : {}),
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
  const path = request.url.split('?')[0]!;
  if (answer === undefined) return shapeText(response.statusCode, contentType, response.payload, { ...sizing, path });
  const body = request.body as Record<string, unknown> | undefined;
  const compact = !args.fields?.length && args.detail !== true ? compactList(answer) : undefined;
  const result = shapeJson(response.statusCode, contentType, compact?.answer ?? answer, { ...sizing, method: args.method, query: request.query, body });
  if (compact?.leftOut.length) {
    result.left_out = compact.leftOut;
    (result.notes ??= []).push('A compact list: the members named in left_out were left out of each record; name them in fields (or set detail: true) to get them.');
  }
  if (request.dryRun && response.statusCode < 400) {
    result.dry_run = true;
    (result.notes ??= []).push('Dry run: the write was validated and run in a transaction that was rolled back; nothing was written. The body shows what it would answer. Call again with confirm: true to do it.');
  }
  const hint = await hintFor(caller, request, response.statusCode, answer);
  if (hint) result.hint = hint;
  return result;
}

/** Members longer than this (as JSON) are left out of list records without summary members. */
const LONG_MEMBER = 60;
/**
 * The members a compact list record keeps: what identifies, dates and sorts a record (about 60
 * tokens per article, so a 20-article list stays under 1 500 tokens). Everything else is named in
 * `left_out` and comes back with `fields` or `detail: true`.
 */
const SUMMARY = new Set([
  'id', 'number', 'headline', 'title', 'name', 'status', 'type', 'buyer', 'deadline', 'days_to_deadline', 'iata_code',
  'value_usd', 'edition_number', 'publish_date',
]);

/**
 * A list answer (`data` a list of records) in compact form: each record keeps its summary members
 * ({@link SUMMARY}); a record type without at least two of them loses only its long members (text,
 * lists and objects whose JSON exceeds {@link LONG_MEMBER} characters in any record). Undefined when
 * nothing is left out.
 */
export function compactList(answer: unknown): { answer: unknown; leftOut: string[] } | undefined {
  if (!isRecord(answer) || !Array.isArray(answer.data) || !answer.data.every(isRecord)) return undefined;
  const records = answer.data as Record<string, unknown>[];
  const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const summary = names.filter((name) => SUMMARY.has(name));
  const leftOut = new Set<string>();
  for (const name of names) {
    if (summary.length >= 2) {
      if (!SUMMARY.has(name)) leftOut.add(name);
    } else if (records.some((r) => r[name] !== null && r[name] !== undefined && JSON.stringify(r[name]).length > LONG_MEMBER)) {
      leftOut.add(name);
    }
  }
  if (!leftOut.size) return undefined;
  const data = records.map((record) => Object.fromEntries(Object.entries(record).filter(([name]) => !leftOut.has(name))));
  return { answer: { ...answer, data }, leftOut: [...leftOut] };
}

/** Whether an answer is an empty list. */
const emptyList = (answer: unknown): boolean => isRecord(answer) && Array.isArray(answer.data) && answer.data.length === 0;

/**
 * The hint of an answer an agent could misread: an empty list names the wider query (archived
 * editions, closed tenders, looser filters); a 404 on an edition lists the issue numbers there are;
 * a 404 on a path that exists with another method names the method.
 */
async function hintFor(caller: Caller, request: ReturnType<typeof requestOf>, status: number, answer: unknown): Promise<string | undefined> {
  const path = request.url.split('?')[0]!;
  const query = request.query;
  const filters = Object.keys(query).filter((name) => !['page', 'limit', 'sort', 'include_archived', 'closed'].includes(name));
  const looser = filters.length ? ` or drop a filter (${filters.join(', ')})` : '';
  if (status === 200 && emptyList(answer)) {
    if (path === '/api/v1/articles' || path === '/api/v1/editions') {
      return `Nothing here among published editions. Older (archived) editions are reached only by the archive search: GET /api/v1/search with include_archived=1 (e.g. {"q": ${JSON.stringify(String(query.q ?? 'your words'))}, "include_archived": 1})${looser}.`;
    }
    if (path === '/api/v1/search') {
      const archived = (request.body as Record<string, unknown> | undefined)?.include_archived ?? query.include_archived;
      return (archived ? 'Nothing found, archived editions included' : 'Nothing found in published editions: add include_archived=1 to also search older (archived) editions') + `${looser}; a shorter q (fewer words, OR between alternatives) finds more.`;
    }
    if (path === '/api/v1/tenders') {
      return (query.closed ? 'No tender matches, expired ones included' : 'No open tender matches: closed=1 also lists expired and awarded tenders') + `${looser}.`;
    }
    if (path === '/api/v1/projects') return `No project matches${looser || '; try a shorter q'}. Region and country match by substring; status takes planned, ongoing, complete, cancelled or on_hold.`;
    return `The list is empty${looser}.`;
  }
  if (status === 404 && /^\/api\/v1\/editions\/[^/]+$/.test(path) && path !== '/api/v1/editions/latest') {
    const list = await injectAs(caller.app, { ...request, method: 'GET', url: '/api/v1/editions?limit=50', body: undefined, dryRun: undefined, idempotencyKey: undefined });
    const numbers = (parseJson(list.payload) as { data?: { number?: unknown }[] } | undefined)?.data?.map((e) => e.number).filter((n) => typeof n === 'number');
    if (numbers?.length) return `Published issue numbers: ${numbers.join(', ')} (GET /api/v1/editions lists them; archived ones are reached by GET /api/v1/search with include_archived=1).`;
  }
  return undefined;
}

/** The methods the app answers on `path` (a concrete path; `:name` segments of routes match any value). */
export function methodsOf(app: FastifyInstance, path: string): string[] {
  const segments = path.split('/');
  const matches = (url: string) => {
    const pattern = url.split('/');
    return pattern.length === segments.length && pattern.every((p, i) => p.startsWith(':') || p === segments[i]);
  };
  return [...new Set(app.registeredRoutes.filter((r) => matches(r.url)).map((r) => r.method))];
}

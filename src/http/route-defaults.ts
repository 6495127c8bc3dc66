/**
 * Route defaults per scope: what every route of a scope has in common is filled in here, once, by
 * an `onRoute` hook installed first thing in buildApp, so that a route states only what is
 * particular to it (its operation, body, parameters, success answer and its own refusals such as
 * 409). For each route of `/api/v1` and `/v1` (hidden routes included, so that the tests' response
 * checks know every answer):
 * - `security`: the bearer token, unless the route says otherwise or is `config.access: 'public'`
 *   (on `/v1`); admin operations read `bearerAuth: ['admin']` in the published description
 *   (./openapi.ts);
 * - the error answers the scope gives (each in the edition's own error body: `ErrorBody` on
 *   `/api/v1`, RFC 9457 problems on `/v1`), from what the route declares about its access in
 *   `config` ({@link scopeErrors}): 400 (every parameter is validated, unknown ones refused:
 *   decision 0026), 500 and 503 (decision 0013) everywhere; 401 where a token is needed; 403 where a
 *   subscription, a feature gate, an administrator or a same-origin check can refuse; 404 on the
 *   administrators' scopes (a non-administrator is told nothing exists); 429 where a quota or a
 *   rate limit applies; 422 where `limit` has a maximum (`/v1`, seed 001 §7);
 * - 413 and 415 on every route that takes a body (Fastify refuses a body that is too large or of
 *   another media type before the handler, in the edition's format: ./edge.ts);
 * - an empty query-string schema where the route declares none, so an unknown parameter is a 400
 *   there too (the validator compiler, ./validator.ts, makes every query schema strict).
 * - the 403 answer of a gated route names the features its operation's gate needs (`config.gates`,
 *   read from the operation: decision 0057), so the description says what each plan must include.
 * What a route declares itself is kept as declared.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PREVIEWABLE, type Feature } from '../domain/entitlements.js';
import { ErrorBody } from './api-v1/schemas.js';
import { problemResponses } from './v1/problem.js';

/** An OpenAPI security requirement list: `[]` for none. */
type Security = Record<string, string[]>[];

/** The bearer token (an API key, a session, an OAuth access token): ./openapi.ts SECURITY_DESCRIPTION. */
export const BEARER: Security = [{ bearerAuth: [] }];

/** Methods whose routes take a body: Fastify may refuse it with 415 (media type) or 413 (size). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** What the defaults read of a route. */
interface RouteFacts {
  url: string;
  methods: string[];
  config: RouteOptions['config'] & Record<string, unknown>;
  /** The route's query-string schema declares `limit`. */
  paged: boolean;
}

/** The defaults of one scope: where it starts, its error body and the answers its routes share. */
interface ScopeDefaults {
  prefix: string;
  /** The response entries of `codes` in the edition's error body. */
  responses: (codes: number[]) => Record<string, unknown>;
  security: (route: RouteFacts) => Security;
  errors: (route: RouteFacts) => number[];
  /** A catch-all entry (`4xx`) the scope declares instead of 413 and 415. */
  catchAll?: string;
}

const isPublic = (route: RouteFacts) => route.config.access === 'public';
const unsafe = (route: RouteFacts) => route.methods.some((m) => m !== 'GET' && m !== 'HEAD');

/**
 * The error answers a route of `/v1` may give, from its `config`: an authenticated route (not
 * `access: 'public'`) may answer 401; it may answer 403 when it needs a subscription (`access`
 * `subscriber`, the default), a feature (`gates`, `anyGates`), or when it writes with a session
 * cookie (the CSRF check: docs/sessions.md); a sign-in route may answer 403 to a foreign Origin.
 */
function v1Errors(route: RouteFacts): number[] {
  const { access = 'subscriber', gates, anyGates, signIn, authLimit } = route.config as {
    access?: string; gates?: readonly string[]; anyGates?: readonly string[]; signIn?: boolean; authLimit?: unknown;
  };
  const codes = [400, 500];
  if (access !== 'public') codes.push(401);
  if (access === 'subscriber' || gates?.length || anyGates?.length || signIn || (access !== 'public' && unsafe(route))) codes.push(403);
  if (authLimit) codes.push(429);
  if (route.paged) codes.push(422);
  return codes;
}

/** The scopes, most specific first (the first whose prefix the route's URL starts with applies). */
const SCOPES: ScopeDefaults[] = [
  {
    // /api/v1: every route is charged to a quota and gated; a record may be missing.
    prefix: '/api/v1/',
    responses: (codes) => Object.fromEntries(codes.map((code) => [code, ErrorBody])),
    security: () => BEARER,
    errors: () => [400, 401, 403, 404, 429, 500, 503],
    catchAll: '4xx',
  },
  {
    // /v1/admin: administrators only; anyone else reads 404 (src/http/v1/admin/index.ts).
    prefix: '/v1/admin/',
    responses: (codes) => problemResponses(...codes),
    security: () => BEARER,
    errors: (route) => [400, 401, 404, 500, ...(route.paged ? [422] : [])],
  },
  {
    prefix: '/v1/',
    responses: (codes) => problemResponses(...codes),
    security: (route) => (isPublic(route) ? [] : BEARER),
    errors: v1Errors,
  },
];

/** How the 403 answer of a route gated by `gates` reads in the description. */
export function gateRefusal(gates: readonly Feature[]): string {
  const needs = gates.map((f) => (PREVIEWABLE.includes(f) ? `\`${f}\` (in full or as a trial preview, which narrows the answer)` : `\`${f}\``));
  return `The caller's plan does not include ${needs.join(' and ')}; detail names what is not included`;
}

/** Installs the hook; call before any route is registered. */
export function installRouteDefaults(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const scope = SCOPES.find((s) => route.url.startsWith(s.prefix));
    if (!scope) return;
    const schema = (route.schema ??= {}) as { querystring?: { properties?: Record<string, unknown> }; response?: Record<string, unknown>; security?: Security };
    const facts: RouteFacts = {
      url: route.url,
      methods: (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase()),
      config: (route.config ?? {}) as RouteFacts['config'],
      paged: schema.querystring?.properties?.limit !== undefined,
    };
    schema.security ??= scope.security(facts);
    if (schema.querystring === undefined) schema.querystring = { type: 'object', properties: {}, additionalProperties: false } as never;
    if (!schema.response) return;
    const own = schema.response;
    const codes = scope.errors(facts);
    if (!scope.catchAll && facts.methods.some((m) => WITH_BODY.has(m))) codes.push(413, 415);
    const added = { ...scope.responses(codes.filter((code) => own[code] === undefined)), ...(scope.catchAll ? { [scope.catchAll]: ErrorBody } : {}) };
    const response: Record<string, unknown> = { ...added, ...own };
    const gates = (facts.config as { gates?: readonly Feature[] }).gates;
    const refusal = response['403'] as { content?: unknown; examples?: unknown[] } | undefined;
    // A response entry with `content` takes a description of its own; a bare schema is wrapped (its
    // description would otherwise become the shared component's). A refusal is JSON, also on a route
    // that produces CSV.
    const wrap = () => ({ 'application/json': { schema: refusal, ...(refusal?.examples?.length ? { example: refusal.examples[0] } : {}) } });
    if (gates?.length && refusal) response['403'] = { description: gateRefusal(gates), content: refusal.content ?? wrap() };
    schema.response = Object.fromEntries(Object.entries(response).sort(([a], [b]) => a.localeCompare(b)));
  });
}

/**
 * Unknown query parameters are refused on both editions (decision 0026). Routes with a query-string
 * schema get `additionalProperties: false` from the validator compiler (./validator.ts
 * `strictQuerySchema`); this `onRoute` hook gives every route of `/api/v1` and `/v1` that declares
 * no query string an empty one, so `GET /api/v1/editions/latest?foo=1` is a 400 too. Installed
 * first thing in buildApp, so every route registered later inherits it. Routes with a body also
 * get their 413 and 415 answers declared.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from './api-v1/schemas.js';
import { problemResponses } from './v1/problem.js';

/** The error answer of each edition for `code`, declared on a route that did not declare it. */
const BAD_REQUEST: [string, (code: number) => unknown][] = [
  ['/api/v1/', () => ErrorBody],
  ['/v1/', (code) => problemResponses(code)[code]],
];

/** Methods whose routes take a body: Fastify may refuse it with 415 (media type) or 413 (size). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Installs the hook; call before any route is registered. */
export function installStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const edition = BAD_REQUEST.find(([prefix]) => route.url.startsWith(prefix));
    if (!edition) return;
    const schema = (route.schema ??= {}) as { querystring?: unknown; response?: Record<string, unknown> };
    // Fastify answers 413/415 before the handler on every route with a body (in the edition's
    // format: src/http/edge.ts); declare them where the route did not, so the description and the
    // tests' response checks know them.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
    if (schema.response && methods.some((m) => WITH_BODY.has(m))) {
      for (const code of ['413', '415']) if (schema.response[code] === undefined && schema.response['4xx'] === undefined) schema.response[code] = edition[1](Number(code));
    }
    if (schema.querystring !== undefined) return;
    schema.querystring = { type: 'object', properties: {}, additionalProperties: false };
    // The route can now answer 400: say so in its responses (OpenAPI, and the response checks of the tests).
    if (schema.response && schema.response['400'] === undefined && schema.response['4xx'] === undefined) schema.response['400'] = edition[1](400);
  });
}

/**
 * Unknown query parameters are refused on both editions (decision 0026). Routes with a query-string
 * schema get `additionalProperties: false` from the validator compiler (./validator.ts
 * `strictQuerySchema`); this `onRoute` hook gives every route of `/api/v1` and `/v1` that declares
 * no query string an empty one, so `GET /api/v1/editions/latest?foo=1` is a 400 too. Installed
 * first thing in buildApp, so every route registered later (other helpers' new ones) inherits it.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from './api-v1/schemas.js';
import { problemResponses } from './v1/problem.js';

/** The 400 answer of each edition, declared on a route that could not answer 400 before. */
const BAD_REQUEST: [string, () => unknown][] = [
  ['/api/v1/', () => ErrorBody],
  ['/v1/', () => problemResponses(400)[400]],
];

/** Installs the hook; call before any route is registered. */
export function installStrictQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const edition = BAD_REQUEST.find(([prefix]) => route.url.startsWith(prefix));
    if (!edition) return;
    const schema = (route.schema ??= {}) as { querystring?: unknown; response?: Record<string, unknown> };
    if (schema.querystring !== undefined) return;
    schema.querystring = { type: 'object', properties: {}, additionalProperties: false };
    // The route can now answer 400: say so in its responses (OpenAPI, and the response checks of the tests).
    if (schema.response && schema.response['400'] === undefined && schema.response['4xx'] === undefined) schema.response['400'] = edition[1]();
  });
}

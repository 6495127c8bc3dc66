/**
 * The OpenAPI 3.1 description of the service (`/openapi.json`, rendered at `/docs`): the
 * @fastify/swagger options and the one pass over the generated document that makes it generate
 * good clients. The route schemas stay inline at run time (Ajv validates and fast-json-stringify
 * serializes them as declared); the published document differs from them only here:
 * - every schema marked with {@link component} becomes `#/components/schemas/<name>` and is
 *   referenced with `$ref` (two different schemas under one name are a start-up error);
 * - a query or header parameter with a `default` is optional (it is filled in when absent);
 * - every tag is prefixed by its edition (`/api/v1 · Projects`, `/v1 · Projects`), with a
 *   description per tag, and the introduction says which edition to choose for what;
 * - a response without its own description gets its status's meaning in its edition's words.
 */
import { isDeepStrictEqual } from 'node:util';
import type { SwaggerOptions } from '@fastify/swagger';
import { OPERATION_DESCRIPTIONS } from './openapi-descriptions.js';
import { COMPONENT_NAME } from './schema.js';

/** A loose JSON object of the document. */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const INTRODUCTION = `Airport-industry intelligence as a data service: weekly editions and their articles, a
searchable archive, airport projects, tenders and events, as JSON, CSV and an MCP tool server.

## Two editions of one service — which to choose
The same data and rules answer under two URL prefixes; pick one per client and stay with it.

| If you are building… | use | because |
| --- | --- | --- |
| an integration, a script, a data pipeline, an AI agent | **\`/api/v1\`** | every answer is \`{ data, meta }\`; lists page with \`page\`/\`limit\` and report \`meta.total\` and \`meta.pages\`; errors are \`{ "error": "…" }\`; the MCP tool server at \`/api/mcp\` calls exactly these operations |
| an application for people (web, mobile) | **\`/v1\`** | lists are named arrays (\`{ "projects": [...] }\`) paged with \`limit\`/\`offset\`; errors are RFC 9457 \`application/problem+json\` naming the parameter at fault; per-user state (\`is_watched\`, saved articles), facets, the calendar, and trial previews instead of refusals |

Operations are grouped by edition: the tags \`/api/v1 · …\` and \`/v1 · …\`. Administrators have
their own tags (\`/api/v1 · Admin\`); the \`/v1/admin\` scope answers 404 to everyone else.

## Authentication
Send \`Authorization: Bearer <token>\` on every call except \`GET /healthz\`, \`GET /v1/plans\` and
\`GET /v1/billing/config\`. The token is an API key (\`svc_live_…\`) or a session token (a JWT); see
the \`bearerAuth\` security scheme for how to obtain one. What a token may call depends on its
user's plan: a missing feature is 403 (\`/v1\` trials get a preview instead).

## Limits
Calls with an API key carry the key's daily quota in \`RateLimit-Limit\`, \`RateLimit-Remaining\`,
\`RateLimit-Reset\` (seconds) and \`RateLimit-Policy\`; past the quota the answer is 429 with
\`Retry-After\`.
`;

const SECURITY_DESCRIPTION = `An API key or a session token, sent as \`Authorization: Bearer <token>\`.

- **API key** (\`svc_live_…\`, for programs): the operator of the deployment mints one with the CLI,
  \`airport-intel keys create --email you@example.com [--label ci]\`, which prints the key once
  (only its hash is stored). Where the deployment offers self-service keys, a signed-in user
  creates one with \`POST /v1/account/api-keys\`.
- **Session token** (a JWT, for applications acting for a person):
  \`airport-intel sessions create --email you@example.com\` prints one.

A missing, unknown, expired or revoked token is 401 with \`WWW-Authenticate: Bearer\`.`;

/** Tag descriptions, per tag name without its edition prefix. */
const TAGS: Record<string, string> = {
  Editions: 'The weekly editions and their articles, newest first.',
  Publication: 'The weekly editions, their articles and the reader\u2019s saved articles.',
  Articles: 'Articles of the published editions.',
  Search: 'Full-text search over the archive (web-search syntax: words, "phrases", OR, -exclusions).',
  Projects: 'Airport construction and development projects: filters, facets, CSV export.',
  Tenders: 'Airport procurement tenders and their deadlines: filters, CSV export.',
  Airports: 'Airports with their projects, tenders and coverage.',
  Calendar: 'Industry events and tender deadlines by date.',
  Identity: 'Who the token belongs to and what its plan includes.',
  Reference: 'Vocabularies: regions, countries, topics, tags, project types.',
  Account: 'Plans and billing configuration (no token needed).',
  Imagery: 'Article covers (pinned or derived from airport, country, company), airport imagery and image bytes on the width ladder.',
  Admin: 'Editorial administration (administrators only): editions, articles, projects, tenders, the inbox, the audit log, the newsletter, the media library and article covers.',
  System: 'Service health.',
  Library: 'The reader\u2019s own state: saved articles, watched projects, reads, the dashboard and delivery preferences.',
  Alerts: 'Alert rules (standing queries delivered by email, in-app or webhook) and the reader\u2019s notifications.',
};
const EDITION_TEXT: Record<string, string> = {
  '/api/v1': 'The `{ data, meta }` edition (page/limit, `{ error }` bodies).',
  '/v1': 'The named-array edition (limit/offset, problem+json).',
};

/** The edition a path belongs to (`/healthz` is listed by the /v1 specification). */
const editionOf = (path: string) => (path.startsWith('/api/') ? '/api/v1' : '/v1');
/** `Admin: editions` → `Admin`: one admin tag per edition. */
const baseTag = (tag: string) => (tag.startsWith('Admin') ? 'Admin' : tag);

/** What each status means, in each edition's words, for responses declared without a description. */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no content',
  304: 'Not modified since the given validator',
  400: 'Invalid parameter or body; the message names the parameter at fault',
  401: 'Missing, malformed, unknown, expired or revoked token (WWW-Authenticate: Bearer)',
  403: 'The plan does not include this feature, or the caller is not an administrator',
  404: 'No such record',
  409: 'Conflicts with the current state (for example, a duplicate or an already published edition)',
  413: 'Request body too large',
  422: 'The request is well-formed but cannot be processed',
  429: 'Quota exceeded; Retry-After says when to try again',
  500: 'Internal error; the message carries the request id',
  503: 'A dependency (the database) is unavailable; try again shortly',
};

/** The quota headers of a call charged to an API key (src/http/api-v1/access.ts). */
const QUOTA_HEADERS: Record<string, Json> = {
  'RateLimit-Limit': { description: 'Calls per UTC day of the key\u2019s plan. Sent when the call was charged to an API key (not for session tokens, nor for refusals before the charge: 400, 401, 403).', schema: { type: 'integer', minimum: 0, format: 'int32' } },
  'RateLimit-Remaining': { description: 'Calls left today after this one (same condition).', schema: { type: 'integer', minimum: 0, format: 'int32' } },
  'RateLimit-Reset': { description: 'Seconds until the quota resets at the next UTC midnight (same condition).', schema: { type: 'integer', minimum: 0, maximum: 86400, format: 'int32' } },
  'RateLimit-Policy': { description: 'The policy, e.g. `1000;w=86400` (same condition).', schema: { type: 'string', maxLength: 64 } },
};
/** Sent by the CORS support (`CORS_ORIGINS`) to listed origins; see docs/configuration. */
const CORS_HEADER: Json = { description: 'The caller\u2019s origin, when it is one of the deployment\u2019s CORS_ORIGINS (cross-origin requests are refused by default).', schema: { type: 'string', maxLength: 2048 } };
const RETRY_AFTER: Json = { description: 'Seconds until the quota resets (next UTC midnight).', schema: { type: 'integer', minimum: 0, maximum: 86400, format: 'int32' } };

/** Longest text of a string `format` whose syntax bounds its length (a UUID, an ISO 8601 date or instant). */
const FORMAT_LENGTH: Record<string, number> = { uuid: 36, date: 10, 'date-time': 35 };
/** `^<one character class or escape>{n}$` or `{n,m}$`: a pattern whose match has at most n (m) characters. */
const BOUNDED_PATTERN = /^\^(?:\[(?:\\.|[^\]\\])+\]|\\[a-zA-Z]|[^\\[(){}*+?|^$.])\{(\d+)(?:,(\d+))?\}\$$/;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * States, on every schema of the document, the size bounds its validation already implies, so that
 * generated clients and linters see them (docs/decisions/0015): an integer gets `format` `int32`
 * when its `minimum`/`maximum` fit PostgreSQL's int4, else `int64`; a string without `maxLength`
 * gets the length its `format` (uuid, date, date-time) or its fixed-length pattern allows. Nothing
 * is added that the validator does not already enforce.
 */
function stateBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stateBounds(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) stateBounds(value);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer') && node.format === undefined) {
    const fits = typeof node.minimum === 'number' && typeof node.maximum === 'number' && node.minimum >= INT32_MIN && node.maximum <= INT32_MAX;
    node.format = fits ? 'int32' : 'int64';
  }
  if (types.includes('string') && node.maxLength === undefined && node.enum === undefined && node.const === undefined) {
    const fromFormat = typeof node.format === 'string' ? FORMAT_LENGTH[node.format] : undefined;
    const match = typeof node.pattern === 'string' ? BOUNDED_PATTERN.exec(node.pattern) : null;
    const fromPattern = match ? Number(match[2] ?? match[1]) : undefined;
    const bound = fromFormat ?? fromPattern;
    if (bound !== undefined) node.maxLength = bound;
  }
}

/** Replaces every marked schema by a `$ref` to `components/schemas`, bottom-up. */
function hoist(node: unknown, schemas: Record<string, Json>, where: string): unknown {
  if (Array.isArray(node)) return node.map((item, i) => hoist(item, schemas, `${where}/${i}`));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = hoist(value, schemas, `${where}/${key}`);
  const name = out[COMPONENT_NAME];
  if (typeof name !== 'string') return out;
  delete out[COMPONENT_NAME];
  const existing = schemas[name];
  // A top-level body or response schema loses its description to the response and its examples
  // to the media type (@fastify/swagger); compare without them and keep the fuller copy.
  const bare = ({ description: _d, examples: _e, ...rest }: Json) => rest;
  if (existing && !isDeepStrictEqual(bare(existing), bare(out))) {
    throw new Error(`OpenAPI: two different schemas are named ${name} (second at ${where})`);
  }
  schemas[name] = { ...bare(out), ...(existing?.description || out.description ? { description: existing?.description ?? out.description } : {}), ...(existing?.examples || out.examples ? { examples: existing?.examples ?? out.examples } : {}) };
  return { $ref: `#/components/schemas/${name}` };
}

/** The document as published: see the module comment. Pure: `generated` is not changed. */
export function publishDescription(generated: Json): Json {
  const doc = JSON.parse(JSON.stringify(generated)) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const schemas: Record<string, Json> = { ...((doc.components.schemas as Record<string, Json> | undefined) ?? {}) };
  doc.paths = hoist(doc.paths, schemas, '#/paths') as typeof doc.paths;
  // @fastify/swagger moves a top-level body or response schema's example to its media type; the
  // component keeps it too, so that generated documentation of the record shows it.
  for (const operations of Object.values(doc.paths)) {
    for (const op of Object.values(operations)) {
      const bodies = [op.requestBody, ...Object.values((op.responses as Record<string, unknown> | undefined) ?? {})];
      for (const body of bodies) {
        for (const media of Object.values(isObject(body) && isObject(body.content) ? body.content : {})) {
          if (!isObject(media) || !isObject(media.schema) || media.example === undefined) continue;
          const ref = media.schema.$ref;
          const target = typeof ref === 'string' ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
          if (target && target.examples === undefined) target.examples = [media.example];
        }
      }
    }
  }
  doc.components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));

  const used = new Map<string, string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    const edition = editionOf(path);
    for (const op of Object.values(operations)) {
      if (!op.description && typeof op.operationId === 'string' && OPERATION_DESCRIPTIONS[op.operationId]) op.description = OPERATION_DESCRIPTIONS[op.operationId];
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        if (p.in !== 'path' && isObject(p.schema) && p.schema.default !== undefined) delete p.required;
      }
      const tags = [...new Set(((op.tags as string[] | undefined) ?? ['System']).map((t) => `${edition} · ${baseTag(t)}`))];
      op.tags = tags;
      for (const tag of tags) used.set(tag, TAGS[baseTag(tag.split(' · ')[1]!)] ?? '');
      // Admin operations need an administrator's token: the role of OpenAPI 3.1 security requirements.
      if (path.includes('/admin/') && Array.isArray(op.security) && op.security.length) op.security = [{ bearerAuth: ['admin'] }];
      const charged = edition === '/api/v1' && Array.isArray(op.security) && op.security.length > 0;
      for (const [status, response] of Object.entries((op.responses as Record<string, Json> | undefined) ?? {})) {
        if (charged && /^[24]/.test(status)) response.headers = { ...QUOTA_HEADERS, ...(status === '429' ? { 'Retry-After': RETRY_AFTER } : {}), ...(response.headers as Json | undefined) };
        if (status === '429' && !charged) response.headers = { 'Retry-After': RETRY_AFTER, ...(response.headers as Json | undefined) };
        response.headers = { 'Access-Control-Allow-Origin': CORS_HEADER, ...(response.headers as Json | undefined) };
        if (response.description && response.description !== 'Default Response') continue;
        response.description = status.startsWith('2') && typeof op.summary === 'string' ? op.summary : (STATUS_TEXT[status] ?? `HTTP ${status}`);
      }
    }
  }
  stateBounds(doc.paths);
  stateBounds(doc.components.schemas);
  const order = (tag: string) => (tag.startsWith('/api/v1') ? 0 : 1);
  doc.tags = [...used.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([name, text]) => ({ name, description: `${text} ${EDITION_TEXT[name.split(' · ')[0]!]}`.trim() }));
  return doc;
}

/** The @fastify/swagger options of the service, for `version` (package.json). */
export const openapiOptions = (version: string): SwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'airport-intel',
      version,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'The operator of this deployment' },
      description: INTRODUCTION,
    },
    // Relative: a self-hosted service is reached at whatever origin its operator gives it (TLS is
    // terminated by the operator's proxy), so the description names no host (docs/decisions/0015).
    servers: [{ url: '/', description: 'This deployment (production or local: the origin that served this document)', 'x-internal': false } as { url: string }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (svc_live_…) or JWT', description: SECURITY_DESCRIPTION } } },
  },
  transformObject: (documents) => ('openapiObject' in documents ? publishDescription(documents.openapiObject as Json) : documents.swaggerObject) as never,
});

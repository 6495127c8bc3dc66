/**
 * The MCP tool server at `POST /api/mcp` (seed 000, section 4 "Tool-server endpoint"): Streamable
 * HTTP transport of the official SDK in its stateless mode (a fresh server and transport per
 * request, JSON responses, no session), so any process can answer any request.
 *
 * Access: `Authorization: Bearer <token>`, and the `mcp` feature (the add-on or Enterprise; admins
 * always). Both are checked before the SDK sees the request: 401/403 answer `{ error }`, like
 * /api/v1. GET (a server-to-client SSE stream) and DELETE (ending a session) have nothing to do in
 * stateless mode: 405 `{ error }`.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireApiAccess } from '../domain/entitlements.js';
import { sendApiV1Error } from '../http/api-v1/errors.js';
import { authenticateRequest } from '../http/authenticate.js';
import { ctxOf } from '../http/types.js';
import type { OpenApiDocument } from './catalogue.js';
import { catalogueOf, type Catalogue } from './search-api.js';
import { originPolicy, refusedOrigin, type OriginPolicy } from './origin-guard.js';
import { createToolServer } from './tools.js';

/** Where the tool server listens. */
export const MCP_PATH = '/api/mcp';
/** Largest request body the transport reads (bytes). */
const MAX_BODY = 1024 * 1024;

/** The MCP tool server; register it on the app root. */
export default async function mcpRoutes(app: FastifyInstance, opts: { version: string; origins?: OriginPolicy }): Promise<void> {
  const policy = opts.origins ?? originPolicy(undefined);
  let catalogue: Catalogue | undefined;
  const gatesOf = () =>
    new Map(app.registeredRoutes.filter((r) => r.operationId && r.gates).map((r) => [r.operationId!, r.gates!] as const));
  const catalogueNow = () => (catalogue ??= catalogueOf(app.swagger() as OpenApiDocument, gatesOf()));

  app.setErrorHandler((error, request, reply) => sendApiV1Error(error as Error, request, reply));
  // The SDK transport reads and parses the body itself, so malformed JSON gets a JSON-RPC parse error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.addHook('onRequest', async (request, reply) => {
    // DNS-rebinding protection first: a foreign Host or Origin learns nothing, not even 401.
    const origin = request.headers.origin;
    const refusal = refusedOrigin(policy, request.headers.host, typeof origin === 'string' ? origin : undefined);
    if (refusal) return reply.status(403).send({ error: refusal });
    const identity = await authenticateRequest(request);
    request.identity = { ...identity, channel: 'mcp' };
    requireApiAccess(request.identity);
  });

  app.post(MCP_PATH, { schema: { hide: true }, config: { idempotency: false } }, async (request, reply) => {
    const server = createToolServer({
      app,
      identity: request.identity!,
      domain: ctxOf(request),
      authorization: request.headers.authorization,
      requestId: request.id,
      catalogue: catalogueNow(),
      log: request.log,
      version: opts.version,
    });
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true, maxRequestBodySize: MAX_BODY });
    handOver(reply);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'mcp request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: `Internal error (request id ${request.id})` }, id: null }));
      }
    }
  });

  const stateless = 'The MCP endpoint is stateless: send JSON-RPC messages with POST /api/mcp (there is no event stream to open and no session to end)';
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (_request, reply) => reply.status(405).header('allow', 'POST').send({ error: stateless }),
  });
}

/** Takes the response away from Fastify for the SDK, keeping the headers set so far (X-Request-Id). */
function handOver(reply: FastifyReply): void {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
}

/**
 * The authorization server's endpoints on the service (docs/oauth.md):
 * - `/oauth/authorize`, `/oauth/token`, `/oauth/register` (rate-limited per client address),
 *   `/oauth/revoke`, `/oauth/introspect`, `/oauth/jwks`, `/oauth/userinfo`, `/oauth/session/end`:
 *   handed to `oidc-provider` (./provider.ts) with the raw request, its body unread;
 * - `/.well-known/openid-configuration` and `/.well-known/oauth-authorization-server` (RFC 8414):
 *   the provider's metadata;
 * - `/.well-known/oauth-protected-resource` and `/.well-known/oauth-protected-resource/<path>`
 *   (RFC 9728) for the three resources `/api/mcp`, `/api/v1`, `/v1` (the bare one describes
 *   `/api/mcp`, where MCP clients look when the path-suffixed one is missing).
 * None is in /openapi.json: these are protocol endpoints with their own specifications.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { OAUTH_RESOURCE_PATHS, OAUTH_SCOPES, SCOPE_TEXTS } from '../../domain/oauth/index.js';
import { OAUTH_ROUTES } from './provider.js';

/** The URL of the protected-resource metadata of the resource at `path` (`/api/mcp`, …). */
export const resourceMetadataUrl = (baseUrl: string, path: string): string => `${baseUrl}/.well-known/oauth-protected-resource${path}`;

/** Takes the response away from Fastify, keeping the headers set so far (X-Request-Id). */
function handOver(reply: FastifyReply): void {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
}

/** The authorization server's routes; register on the app root. */
export default async function oauthRoutes(app: FastifyInstance, opts: { provider: Provider }): Promise<void> {
  const callback = opts.provider.callback();
  const base = app.publicBaseUrl;
  const { host, protocol } = new URL(base);
  // The provider reads (and size-limits) the bodies itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const toProvider = async (request: FastifyRequest, reply: FastifyReply, url?: string) => {
    handOver(reply);
    if (url) request.raw.url = url;
    // The provider names its endpoints from the request (Koa, proxy mode): they are the public base URL's.
    request.raw.headers['x-forwarded-host'] = host;
    request.raw.headers['x-forwarded-proto'] = protocol.replace(':', '');
    callback(request.raw, reply.raw);
  };
  const methods: ('GET' | 'POST' | 'OPTIONS')[] = ['GET', 'POST', 'OPTIONS'];
  const paths = [
    ...Object.values(OAUTH_ROUTES).filter((p) => p !== OAUTH_ROUTES.registration),
    `${OAUTH_ROUTES.authorization}/:uid`, `${OAUTH_ROUTES.end_session}/*`, '/.well-known/openid-configuration',
  ];
  for (const url of paths) {
    app.route({ method: methods, url, schema: { hide: true }, config: { idempotency: false }, handler: (request, reply) => toProvider(request, reply) });
  }
  app.route({
    method: methods, url: OAUTH_ROUTES.registration, schema: { hide: true },
    config: { idempotency: false, authLimit: {} },
    handler: (request, reply) => toProvider(request, reply),
  });
  app.route({
    method: ['GET', 'OPTIONS'], url: '/.well-known/oauth-authorization-server', schema: { hide: true },
    handler: (request, reply) => toProvider(request, reply, '/.well-known/openid-configuration'),
  });

  const protectedResource = (path: string) => ({
    resource: `${base}${path}`,
    authorization_servers: [base],
    scopes_supported: OAUTH_SCOPES.filter((s) => s !== 'admin' && (path === '/api/mcp' ? true : s !== 'mcp')),
    bearer_methods_supported: ['header'],
    resource_name: path === '/api/mcp' ? 'airport-intel AI tool server (MCP)' : `airport-intel API (${path})`,
    resource_documentation: `${base}/docs`,
    scope_descriptions: Object.fromEntries(OAUTH_SCOPES.map((s) => [s, SCOPE_TEXTS[s]])),
  });
  const cors = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600');
  app.get('/.well-known/oauth-protected-resource', { schema: { hide: true } }, async (_request, reply) => {
    cors(reply);
    return protectedResource('/api/mcp');
  });
  app.get('/.well-known/oauth-protected-resource/*', { schema: { hide: true } }, async (request, reply) => {
    const path = `/${(request.params as { '*': string })['*']}`.replace(/\/+$/, '');
    const known = OAUTH_RESOURCE_PATHS.find((p) => p === path);
    if (!known) return reply.status(404).send({ error: `No protected resource at ${path}: the resources are ${OAUTH_RESOURCE_PATHS.join(', ')}` });
    cors(reply);
    return protectedResource(known);
  });
}

/**
 * The web app's face (docs/web-app.md, docs/decisions/0032-web-app-foundation.md): the
 * single-page app built from `web/` into `web/dist`, served by the same process at `/`.
 *
 * - `/assets/*`: the hashed files of the build (`@fastify/static`), `Cache-Control: public,
 *   max-age=31536000, immutable`, pre-compressed `.br`/`.gz` variants when the build wrote them
 *   (else `@fastify/compress` compresses on the fly);
 * - every other `GET`/`HEAD` path that no route of the service claims (the reserved prefixes of
 *   {@link RESERVED_PREFIXES} excepted) answers `index.html` with `Cache-Control: no-cache`: the app
 *   routes in the browser and shows its own 404 page;
 * - the app's responses carry the security headers of `@fastify/helmet` (a Content-Security-Policy
 *   without inline scripts, `frame-ancestors 'none'`, `Referrer-Policy`, HSTS on https…), in this
 *   scope only: the API and `/docs` (Swagger UI, which sets its own policy) keep theirs.
 *
 * Without a build (`web/dist/index.html` missing: a checkout whose tests never built it) the service
 * starts all the same and app paths answer a small plain page (503) saying so.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';

/** What {@link installWebApp} takes. */
export interface WebAppOptions {
  /** The build's folder (holds index.html and assets/); default `web/dist` of the checkout. */
  dir?: string;
  /** Whether the public base URL is https (HSTS and `upgrade-insecure-requests` then). */
  https?: boolean;
}

/** The build's default folder: `web/dist` beside `src/`. */
export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist');

/** Paths the app never answers: the service's own faces (their unknown paths keep the 404 of their dialect). */
export const RESERVED_PREFIXES = ['/api', '/v1', '/healthz', '/docs', '/openapi.json', '/metrics', '/.well-known', '/assets'] as const;

/** Whether `url` (path and query) is under one of {@link RESERVED_PREFIXES}. */
export function isReservedPath(url: string): boolean {
  const p = url.split('?')[0]!;
  return RESERVED_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(`${prefix}?`));
}

/** Cache-Control of the hashed assets (their names change with their content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Content-Security-Policy of the app's pages. Scripts and everything else from the service's own
 * origin only; styles also `'unsafe-inline'` because the component library (Mantine) writes its CSS
 * variables into a `<style>` element and `style` attributes (no script can be injected that way).
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src-attr': ["'none'"],
    'upgrade-insecure-requests': https ? [] : null,
  };
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>airport-intel</title></head>
<body><main><h1>The web app is not built</h1>
<p>Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it when missing), then reload.
The API is served at <a href="/docs">/docs</a>.</p></main></body></html>
`;

/**
 * Registers the web app on `app` in a scope of its own (helmet applies to it only). Call after the
 * faces: their routes win over the app's catch-all, which also hands their reserved prefixes to the
 * root not-found handler.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions = {}): Promise<void> {
  const dir = options.dir ?? DEFAULT_WEB_DIST;
  const indexFile = path.join(dir, 'index.html');
  const built = existsSync(indexFile);
  await app.register(async (scope) => {
    await scope.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.https === true) },
      strictTransportSecurity: options.https === true ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    });
    if (built && existsSync(path.join(dir, 'assets'))) {
      await scope.register(fastifyStatic, {
        root: path.join(dir, 'assets'),
        prefix: '/assets/',
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res) => { res.setHeader('cache-control', IMMUTABLE); },
        // Missing asset: the root not-found handler ({ error }, 404), never index.html.
        wildcard: true,
        schemaHide: true,
      });
    }
    // Read once: the build does not change under a running process (a new build needs a restart).
    const index = built ? readFileSync(indexFile) : Buffer.from(NOT_BUILT);
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isReservedPath(request.url)) return reply.callNotFound();
      return reply.status(built ? 200 : 503).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    };
    scope.get('/', { schema: { hide: true } }, page);
    scope.get('/*', { schema: { hide: true } }, page);
  });
}

/**
 * `Link` headers on every list of the /api/v1 edition (RFC 8288, docs/conventions.md): each
 * `{ data, meta }` page a GET answers carries `first`/`prev`/`next`/`last` links built from its
 * `meta` (page, limit, pages) and the request's own query string. A hook of the edition's scope,
 * so every list, present and future, gets them without a line in its handler. `POST /search`
 * pages through its body: a link cannot carry that, so it gets none.
 */
import type { FastifyInstance } from 'fastify';
import { numberedPageLinks, setLinks } from '../links.js';

interface PagedBody {
  meta: { page: number; limit: number; pages: number };
}

const isPaged = (payload: unknown): payload is PagedBody => {
  const meta = (payload as { meta?: Record<string, unknown> } | null)?.meta;
  return typeof meta === 'object' && meta !== null && typeof meta.page === 'number' && typeof meta.limit === 'number' && typeof meta.pages === 'number';
};

/** Installs the Link hook on the edition's scope (before its routes and sub-scopes are registered). */
export function installApiV1Links(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.method === 'GET' && reply.statusCode === 200 && isPaged(payload)) {
      setLinks(reply, numberedPageLinks(payload.meta.page, payload.meta.limit, payload.meta.pages));
    }
    return payload;
  });
}

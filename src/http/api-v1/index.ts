/**
 * The /api/v1 edition: `{ data, meta }` envelope, page/limit pagination, `{ error }` bodies,
 * bearer auth with plan gates and the daily quota. Routes: ./routes/<resource>.ts.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../domain/admin/admin.js';
import { installApiV1Access } from './access.js';
import { installApiV1Errors } from './errors.js';
import { installApiV1Links } from './links.js';
import adminContentRoutes from './routes/admin-content.js';
import adminEditionRoutes from './routes/admin-editions.js';
import adminInboxRoutes from './routes/admin-inbox.js';
import articleRoutes from './routes/articles.js';
import editionRoutes from './routes/editions.js';
import projectRoutes from './routes/projects.js';
import searchRoutes from './routes/search.js';
import tenderRoutes from './routes/tenders.js';

export default async function apiV1(app: FastifyInstance): Promise<void> {
  installApiV1Errors(app);
  installApiV1Access(app);
  installApiV1Links(app);
  await app.register(editionRoutes);
  await app.register(articleRoutes);
  await app.register(searchRoutes);
  await app.register(projectRoutes);
  await app.register(tenderRoutes);
  await app.register(adminScope, { prefix: '/admin' });
}

/**
 * The `/api/v1/admin` scope: administrators only. Its hook runs after the edition's (authenticate,
 * plan gate) and answers 403 `{error}` to anyone else on every path under it, unknown ones included;
 * an administrator gets 404 for an unknown path. The domain's admin check stays as a second line.
 */
async function adminScope(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => requireAdmin(request.identity));
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }));
  await app.register(adminEditionRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminInboxRoutes);
}

/**
 * The /api/v1 edition: `{ data, meta }` envelope, page/limit pagination, `{ error }` bodies,
 * bearer auth with plan gates and the daily quota. Routes: ./routes/<resource>.ts.
 */
import type { FastifyInstance } from 'fastify';
import { installApiV1Access } from './access.js';
import { installApiV1Errors } from './errors.js';
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
  await app.register(editionRoutes);
  await app.register(articleRoutes);
  await app.register(searchRoutes);
  await app.register(projectRoutes);
  await app.register(tenderRoutes);
  await app.register(adminEditionRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminInboxRoutes);
}

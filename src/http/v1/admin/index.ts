/**
 * The `/v1/admin` scope: the editorial administration of the /v1 edition (seed 001, section 4,
 * "Admin"). One hook guards every path under it, known or not (seed 001, section 5, point 5): a
 * caller whose token is missing or invalid gets 401 like anywhere on /v1; an authenticated caller
 * who is not an administrator gets **404** problem+json, the same answer as an unknown path, so the
 * admin surface is not revealed. The domain's admin check (`requireAdmin`, `adminWrite`) stays as
 * a second line inside every admin operation. Admin routes register here (`routes/<group>.ts`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.js';
import { authenticateRequest } from '../../authenticate.js';
import { sendProblem } from '../problem.js';
import sourceRoutes from './routes/sources.js';
import suggestRoutes from './routes/suggest.js';
import adminArticleRoutes from './routes/articles.js';
import adminEditionRoutes from './routes/editions.js';
import adminNewsletterRoutes from './routes/newsletter.js';
import adminMediaRoutes from './routes/media.js';
import adminProjectRoutes from './routes/projects.js';
import adminTenderRoutes from './routes/tenders.js';
import adminEmailRoutes from './routes/email.js';
import adminInboxRoutes from './routes/inbox.js';
import adminCalendarRoutes from './routes/calendar.js';
import adminProcurementRoutes from './routes/procurement.js';
import adminCompanyRoutes from './routes/companies.js';

/** The path prefix of the scope, as the /v1 access hook needs to recognise it. */
export const V1_ADMIN_PREFIX = '/v1/admin';

/** True when `request` falls under `/v1/admin` (the scope answers for itself). */
export function inV1Admin(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return path === V1_ADMIN_PREFIX || path.startsWith(`${V1_ADMIN_PREFIX}/`);
}

const noRoute = (request: FastifyRequest) => `No route ${request.method} ${request.url.split('?')[0]}`;

export default async function v1AdminScope(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const identity = await authenticateRequest(request);
    request.identity = { ...identity, channel: 'http' };
    // The same detail as an unknown path: a non-administrator cannot tell the two apart.
    if (!identity.isAdmin) throw new DomainError('NOT_FOUND', noRoute(request));
  });
  app.setNotFoundHandler((request, reply) => sendProblem(reply, 404, noRoute(request)));
  await app.register(sourceRoutes); // docs/intake.md, decision 0025
  await app.register(suggestRoutes);
  await app.register(adminEditionRoutes);
  await app.register(adminArticleRoutes);
  await app.register(adminNewsletterRoutes);
  await app.register(adminMediaRoutes);
  await app.register(adminProjectRoutes);
  await app.register(adminTenderRoutes);
  await app.register(adminEmailRoutes);
  await app.register(adminInboxRoutes);
  await app.register(adminCalendarRoutes);
  await app.register(adminProcurementRoutes);
  await app.register(adminCompanyRoutes);
}

/**
 * The /v1 edition: named arrays, limit/offset paging, RFC 9457 problem+json errors, bearer auth
 * with entitlement gates and trial previews, no request quota. Routes: ./routes/<resource>.ts.
 */
import type { FastifyInstance } from 'fastify';
import { installV1Access } from './access.js';
import v1AdminScope from './admin/index.js';
import { installV1Errors } from './problem.js';
import accountRoutes from './routes/account.js';
import authRoutes from './routes/auth.js';
import accountSecurityRoutes from './routes/account-security.js';
import oauthV1Routes from './routes/oauth.js';
import airportRoutes from './routes/airports.js';
import billingRoutes from './routes/billing.js';
import alertRoutes from './routes/alerts.js';
import calendarRoutes from './routes/calendar.js';
import catalogueRoutes from './routes/catalogue.js';
import editionRoutes from './routes/editions.js';
import identityRoutes from './routes/identity.js';
import mediaRoutes from './routes/media.js';
import libraryRoutes from './routes/library.js';
import procurementRoutes from './routes/procurement.js';
import projectRoutes from './routes/projects.js';
import searchRoutes from './routes/search.js';
import tenderRoutes from './routes/tenders.js';
import changeRoutes from './routes/changes.js';
import companyRoutes from './routes/companies.js';
import projectHistoryRoutes from './routes/project-history.js';

export default async function v1(app: FastifyInstance): Promise<void> {
  installV1Errors(app);
  installV1Access(app);
  await app.register(identityRoutes);
  await app.register(authRoutes); // sign-up, email links, passwords, sessions, SSO
  await app.register(editionRoutes);
  await app.register(searchRoutes);
  await app.register(projectRoutes);
  await app.register(airportRoutes);
  await app.register(tenderRoutes);
  await app.register(calendarRoutes);
  await app.register(catalogueRoutes);
  await app.register(mediaRoutes);
  await app.register(accountRoutes);
  await app.register(accountSecurityRoutes); // password, sessions
  await app.register(oauthV1Routes); // consent and connected apps
  await app.register(billingRoutes);
  await app.register(procurementRoutes); // procurement requests, invitation acceptance
  await app.register(libraryRoutes);
  await app.register(alertRoutes);
  await app.register(changeRoutes); // change feed, company profiles, project history
  await app.register(companyRoutes);
  await app.register(projectHistoryRoutes);
  await app.register(v1AdminScope, { prefix: '/admin' });
}

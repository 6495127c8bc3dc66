/**
 * Test harness: every test file gets a fresh database cloned from a migrated template (see
 * ./template.ts) — an in-memory PGlite by default, or a throwaway database on the PostgreSQL server
 * of TEST_DATABASE_URL (dropped on close). The app is built without a port, with a
 * {@link TestClock} stopped at {@link TEST_NOW}, and driven with `app.inject` (real HTTP semantics,
 * no mocks). See test/README.md.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { systemCtx, type Ctx } from '../../src/domain/context.js';
import { createApiKey } from '../../src/domain/identity/index.js';
import { createSession } from '../../src/domain/identity/index.js';
import { createUser, type PlanCode } from '../../src/domain/identity/index.js';
import { useObjectStore, type MediaStore } from '../../src/domain/media/index.js';
import { TestClock } from './clock.js';
import { installResponseValidation } from './response-validation.js';
import { databaseFromTemplate, type OpenOptions } from './template.js';

export { TestClock, TEST_NOW } from './clock.js';
export { createPostgresDatabase } from './template.js';

/** The secret the harness's app signs session tokens with. */
export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

/** A test service over its own fresh database. */
export interface Harness {
  /** The service, built without a port: drive it with `app.inject`. */
  app: FastifyInstance;
  /** The file's own database (`database.db` for direct reads in assertions). */
  database: Database;
  /** The app's clock: starts at TEST_NOW (or the clock given); tests move it with `set` / `advance`. */
  clock: TestClock;
  /** A system context (no identity) over the test database and clock, for domain calls from tests. */
  ctx(): Ctx;
  /** Creates a user with a plan, an API key and a session token. */
  identity(options?: IdentityOptions): Promise<TestIdentity>;
  /** Closes the app and the database, and drops the database on PostgreSQL. */
  close(): Promise<void>;
}

/** What kind of user {@link Harness.identity} creates. */
export interface IdentityOptions {
  /** Without a plan the user has no subscription (and so no features). */
  plan?: PlanCode | undefined;
  /** Add-on codes (`wat`, `mcp`), each buyable on the plan. */
  addons?: string[] | undefined;
  /** An administrator. */
  admin?: boolean | undefined;
}

/** A user created by {@link Harness.identity}, with ready-made credentials. */
export interface TestIdentity {
  userId: string;
  email: string;
  /** The plaintext API key. */
  key: string;
  /** A session token (JWT). */
  session: string;
  /** `{ authorization: 'Bearer <key>' }` */
  keyAuth: { authorization: string };
  /** `{ authorization: 'Bearer <session>' }` */
  sessionAuth: { authorization: string };
}

/** What {@link startHarness} starts from. */
export interface HarnessOptions {
  /** Start from the sample dataset (loaded at TEST_NOW) instead of an empty migrated database. */
  sample?: boolean | undefined;
  /**
   * The app's clock; default a new TestClock at TEST_NOW. The sample's relative dates stay those
   * of TEST_NOW: a test that needs them at another instant loads its own data.
   */
  clock?: TestClock | undefined;
  /** Browser origins allowed by CORS (AppOptions.corsOrigins); default none. */
  corsOrigins?: readonly string[] | undefined;
  /** How the app's database connection is opened: timeouts, a proxy (test/reliability). */
  open?: OpenOptions | undefined;
  /** The app's HTTP server timeouts, for tests that listen on a port. */
  http?: AppOptions['http'] | undefined;
  /** Hosts outbound requests may reach although not public (AppOptions.outboundAllowedHosts), e.g. `parseAllowedHosts('127.0.0.1')`. */
  outboundAllowedHosts?: AppOptions['outboundAllowedHosts'];
  /** Caps of an image upload (AppOptions.media); default 20 MB and 50 megapixels. */
  media?: AppOptions['media'] | undefined;
  /** The payment provider (AppOptions.payments; a local stand-in's URL in STRIPE_API_URL's place); default none: checkout disabled. */
  payments?: AppOptions['payments'] | undefined;
  /** Base URL of links in messages (AppOptions.publicBaseUrl). */
  publicBaseUrl?: string | undefined;
  /** Image bytes in this object store (MEDIA_STORE=s3, test/helpers/media-stores.ts); default the database. */
  objectStore?: MediaStore | undefined;
  /** The web app (AppOptions.webApp; the browser tests serve the real build); default none. */
  webApp?: AppOptions['webApp'] | undefined;
  /** Rate limits of the sign-in endpoints (AppOptions.authRateLimits); default the service's. */
  authRateLimits?: AppOptions['authRateLimits'];
  /** Fastify's trustProxy (AppOptions.trustProxy, TRUST_PROXY); default off. */
  trustProxy?: AppOptions['trustProxy'];
}

/** Builds the service over a fresh database cloned from the `migrated` (or `sample`) template. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { database, drop } = await databaseFromTemplate(options.sample ? 'sample' : 'migrated', options.open);
  const clock = options.clock ?? new TestClock();
  if (options.objectStore) useObjectStore(database.db, options.objectStore);
  let app: FastifyInstance;
  try {
    app = await buildApp({ database, sessionSecret: SESSION_SECRET, logger: false, clock, corsOrigins: options.corsOrigins ?? [], ...(options.http ? { http: options.http } : {}), ...(options.outboundAllowedHosts ? { outboundAllowedHosts: options.outboundAllowedHosts } : {}), ...(options.media ? { media: options.media } : {}), ...(options.payments ? { payments: options.payments } : {}), ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}), authRateLimits: options.authRateLimits, trustProxy: options.trustProxy, ...(options.webApp ? { webApp: options.webApp } : {}) });
    installResponseValidation(app);
    await app.ready();
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
  let n = 0;
  const ctx = (): Ctx => systemCtx(database.db, clock, 'test');
  return {
    app,
    database,
    clock,
    ctx,
    async identity(opts: IdentityOptions = {}) {
      const email = `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const user = await createUser(ctx(), { email, plan: opts.plan, addons: opts.addons, admin: opts.admin });
      const { key } = await createApiKey(ctx(), { email, label: 'test' });
      const { token } = await createSession(ctx(), SESSION_SECRET, email);
      return {
        userId: user.id,
        email,
        key,
        session: token,
        keyAuth: { authorization: `Bearer ${key}` },
        sessionAuth: { authorization: `Bearer ${token}` },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Test harness: every test file gets a fresh, migrated database — an in-memory PGlite by default,
 * or a throwaway database on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped after).
 * The app is built without a port and driven with `app.inject` (real HTTP semantics, no mocks).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { createApiKey } from '../../src/domain/identity/api-keys.js';
import { createSession } from '../../src/domain/identity/sessions.js';
import { createUser, type PlanCode } from '../../src/domain/identity/users.js';
import { loadSample } from '../../src/seed/sample.js';
import { installResponseValidation } from './response-validation.js';

export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

/** A test service over its own fresh database. */
export interface Harness {
  app: FastifyInstance;
  database: Database;
  /** Creates a user with a plan, an API key and a session token. */
  identity(options?: IdentityOptions): Promise<TestIdentity>;
  close(): Promise<void>;
}

export interface IdentityOptions {
  plan?: PlanCode | undefined;
  addons?: string[] | undefined;
  admin?: boolean | undefined;
}

export interface TestIdentity {
  userId: string;
  email: string;
  key: string;
  session: string;
  /** `{ authorization: 'Bearer <key>' }` */
  keyAuth: { authorization: string };
  sessionAuth: { authorization: string };
}

/**
 * Creates an empty database on the server of TEST_DATABASE_URL.
 * @returns its URL and a function that drops it.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ai_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite-memory' }), drop: async () => {} };
  const { url, drop } = await createPostgresDatabase(serverUrl);
  return { database: await openDatabase({ kind: 'postgres', url, poolMax: 5 }), drop };
}

/** Builds the service over a fresh database; `sample: true` also loads the sample dataset. */
export async function startHarness(options: { sample?: boolean } = {}): Promise<Harness> {
  const { database, drop } = await freshDatabase();
  await migrate(database);
  if (options.sample) await loadSample(database.db);
  const app = await buildApp({ database, sessionSecret: SESSION_SECRET, logger: false });
  installResponseValidation(app);
  await app.ready();
  let n = 0;
  return {
    app,
    database,
    async identity(opts: IdentityOptions = {}) {
      const email = `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const user = await createUser(database.db, { email, plan: opts.plan, addons: opts.addons, admin: opts.admin });
      const { key } = await createApiKey(database.db, { email, label: 'test' });
      const { token } = await createSession(database.db, SESSION_SECRET, email);
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

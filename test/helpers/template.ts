/**
 * Migrated template databases, built once and reused by every test file. Each test file runs in its
 * own process, so "once" means a cache shared through the disk (PGlite) or the server (PostgreSQL):
 * - embedded (PGlite): the data directory of a migrated database, checkpointed and dumped with
 *   `dumpDataDir` into `node_modules/.cache/airport-intel-test/<name>-<hash>.tar`; each file opens
 *   an in-memory database from it (`loadDataDir`).
 * - PostgreSQL (`TEST_DATABASE_URL`): a database `ai_tpl_<name>_<hash>` on that server, marked
 *   `is_template` (and closed to connections) once complete; each file gets
 *   `create database ai_test_… template ai_tpl_…`.
 *
 * Two templates: `migrated` (schema and reference data) and `sample` (that plus the sample dataset,
 * loaded at {@link TEST_NOW}, so it is the same whatever the day of the run). The hash covers what a
 * template is built from: the migrations, the reference data, the source modules the build imports
 * (followed through relative imports), the sample data, this file, the PGlite version and TEST_NOW;
 * any change to them builds a new template on the next run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseTimeouts } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemCtx } from '../../src/domain/context.js';
import { loadSample } from '../../src/seed/sample.js';
import { TestClock, TEST_NOW } from './clock.js';

/** Which template: the bare migrated schema (with reference data), or that plus the sample dataset. */
export type TemplateName = 'migrated' | 'sample';

/** A database for one test file and how to get rid of it. */
export interface TestDatabase {
  database: Database;
  /** Drops the database (PostgreSQL); nothing to do for an in-memory PGlite. Call after `database.close()`. */
  drop: () => Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the PGlite template tarballs live (gitignored with node_modules). */
export const TEMPLATE_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'airport-intel-test');

/** Cache files of other hashes older than this are deleted when a new template is written. */
const STALE_MS = 10 * 60_000;
/** A build lock older than this is abandoned (a build takes seconds). */
const LOCK_STALE_MS = 2 * 60_000;
/** PostgreSQL advisory lock held (on the server's maintenance database) while a template is built. */
const TEMPLATE_LOCK_KEY = 72_640_099;

/**
 * What each template is built from: the modules it runs (with their import closure), the data
 * directories it reads, and this file (the build procedure itself).
 */
const INPUTS: Record<TemplateName, { entries: string[]; dirs: string[]; files: string[] }> = {
  migrated: { entries: ['src/db/migrate.ts'], dirs: ['src/db/migrations', 'src/reference'], files: ['test/helpers/template.ts'] },
  sample: { entries: ['src/seed/sample.ts'], dirs: ['src/seed'], files: [] },
};

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];

/** `file` and every source file it reaches through relative imports (`./x.js` resolved to `./x.ts`). */
function importClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const m of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const spec = path.resolve(path.dirname(file), m[1]!);
    const candidates = [spec.replace(/\.js$/, '.ts'), spec, `${spec}.ts`, path.join(spec, 'index.ts')];
    const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (found && found.startsWith(path.join(ROOT, 'src'))) importClosure(found, seen);
  }
  return seen;
}

const hashes = new Map<TemplateName, string>();

/**
 * A short hash (12 hex digits) of everything template `name` is built from; the `sample` hash
 * includes the `migrated` one, since the sample template starts from it.
 */
export function templateHash(name: TemplateName): string {
  const cached = hashes.get(name);
  if (cached) return cached;
  const { entries, dirs, files: own } = INPUTS[name];
  const files = new Set<string>(own.map((f) => path.join(ROOT, f)));
  for (const e of entries) for (const f of importClosure(path.join(ROOT, e))) files.add(f);
  for (const d of dirs) for (const f of walk(path.join(ROOT, d))) files.add(f);
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const h = crypto.createHash('sha256').update(`${name}\n${TEST_NOW}\npglite ${pglite.version}\n`);
  if (name === 'sample') h.update(`migrated ${templateHash('migrated')}\n`);
  for (const file of [...files].sort()) h.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  const hash = h.digest('hex').slice(0, 12);
  hashes.set(name, hash);
  return hash;
}

/** Adds what template `name` holds beyond its starting point (empty for `migrated`, the migrated template for `sample`). */
async function fill(database: Database, name: TemplateName): Promise<void> {
  if (name === 'migrated') await migrate(database);
  else await loadSample(systemCtx(database.db, new TestClock(TEST_NOW), 'test-template'));
}

// ---------------------------------------------------------------------------------------------
// PGlite: tarballs on disk

const pidIsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A tarball's bytes as the Blob PGlite's `loadDataDir` takes (Node reads files into plain ArrayBuffers). */
const tarballBlob = (bytes: Buffer): Blob => new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** The tarball's bytes, or `undefined` when it is not there (yet, or any more). */
function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Takes the build lock of `file` (a `.lock` file holding our pid), or waits for the process that
 * holds it to finish: returns `undefined` when we hold the lock (and must build), else the bytes the
 * other process wrote. A lock of a dead process, or older than {@link LOCK_STALE_MS}, is taken over.
 */
async function lockOrWait(file: string): Promise<Buffer | undefined> {
  const lock = `${file}.lock`;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(readIfPresent(lock)?.toString() ?? 0);
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if ((owner > 0 && owner !== process.pid && !pidIsAlive(owner)) || age > LOCK_STALE_MS) {
      fs.rmSync(lock, { force: true }); // left by a process that died (or hung) while building
      continue;
    }
    await new Promise((r) => setTimeout(r, 100));
    const bytes = readIfPresent(file);
    if (bytes) return bytes;
  }
}

/** Deletes cache files of `name` other than `keep` that nobody has touched for a while. */
function pruneCache(name: TemplateName, keep: string): void {
  const now = Date.now();
  for (const entry of fs.readdirSync(TEMPLATE_CACHE_DIR)) {
    const file = path.join(TEMPLATE_CACHE_DIR, entry);
    if (!entry.startsWith(`${name}-`) || file === keep || file === `${keep}.lock`) continue;
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { force: true });
    } catch {
      /* another process pruned it first */
    }
  }
}

/** The PGlite template tarball of `name`, built when missing (atomically: written aside, then renamed). */
export async function pgliteTemplate(name: TemplateName): Promise<Buffer> {
  const file = path.join(TEMPLATE_CACHE_DIR, `${name}-${templateHash(name)}.tar`);
  const cached = readIfPresent(file);
  if (cached) return cached;
  fs.mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
  const built = await lockOrWait(file);
  if (built) return built;
  try {
    const again = readIfPresent(file); // finished while we took the lock
    if (again) return again;
    const start = name === 'sample' ? tarballBlob(await pgliteTemplate('migrated')) : undefined;
    const database = await openDatabase({ kind: 'pglite-memory', ...(start ? { loadDataDir: start } : {}) });
    let bytes: Buffer;
    try {
      await fill(database, name);
      // A checkpoint first: a database opened from the dump then starts without replaying WAL.
      await database.exec('checkpoint');
      bytes = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file); // atomic: a racing process reads the whole file or none
    pruneCache(name, file);
    return bytes;
  } finally {
    fs.rmSync(`${file}.lock`, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: template databases on the server

/** Runs `fn` with a client on the server's maintenance database (the database of `serverUrl`). */
async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlOf = (serverUrl: string, db: string): string => {
  const target = new URL(serverUrl);
  target.pathname = `/${db}`;
  return target.toString();
};

const isTemplate = async (admin: pg.Client, db: string): Promise<boolean> =>
  (await admin.query<{ t: boolean }>('select datistemplate as t from pg_database where datname = $1', [db])).rows[0]?.t === true;

/**
 * `create database <db> template <template>`, retried while the template still has a session
 * (SQLSTATE 55006: a builder's connections closing, or a stray client).
 */
async function cloneDatabase(admin: pg.Client, db: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${db} template ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const templateName = (name: TemplateName): string => `ai_tpl_${name}_${templateHash(name)}`;

/**
 * Makes sure the PostgreSQL template database of `name` exists on the server of `serverUrl`.
 * A finished template is marked `is_template` (and `allow_connections false`, so that no session
 * can hold it and block a clone); an unmarked one is a build that died half-way and is rebuilt.
 * Built under an advisory lock, so parallel test processes build it once.
 * @returns its database name
 */
async function postgresTemplate(serverUrl: string, name: TemplateName, admin: pg.Client): Promise<string> {
  const db = templateName(name);
  if (await isTemplate(admin, db)) return db;
  const start = name === 'sample' ? await postgresTemplate(serverUrl, 'migrated', admin) : undefined;
  await onServer(serverUrl, async (lockHolder) => {
    await lockHolder.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await isTemplate(lockHolder, db)) return; // another process built it while we waited
      await lockHolder.query(`drop database if exists ${db} with (force)`);
      if (start) await cloneDatabase(lockHolder, db, start);
      else await lockHolder.query(`create database ${db}`);
      const database = await openDatabase({ kind: 'postgres', url: urlOf(serverUrl, db), poolMax: 2 });
      try {
        await fill(database, name);
      } finally {
        await database.close();
      }
      await lockHolder.query(`alter database ${db} is_template true allow_connections false`);
    } finally {
      await lockHolder.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return db;
}

const testDatabaseName = (): string => `ai_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;

// ---------------------------------------------------------------------------------------------

/** How the app's connection to a test database is opened. */
export interface OpenOptions {
  /** Statement and acquire timeouts (default: none). */
  timeouts?: DatabaseTimeouts | undefined;
  /** PostgreSQL: rewrites the URL the app connects with (e.g. through a proxy of test/helpers/tcp-proxy.ts). */
  via?: ((url: string) => string) | undefined;
  /** PostgreSQL: the pool's size (DB_POOL_MAX); default 5. */
  poolMax?: number | undefined;
}

/**
 * A fresh database for one test file, cloned from template `name`: an in-memory PGlite opened from
 * the cached tarball, or, when TEST_DATABASE_URL is set, a new database on that server created from
 * the template database. The first call after a change to the template's inputs builds the template.
 */
export async function databaseFromTemplate(name: TemplateName, open: OpenOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const tarball = tarballBlob(await pgliteTemplate(name));
    return { database: await openDatabase({ kind: 'pglite-memory', loadDataDir: tarball, timeouts: open.timeouts }), drop: async () => {} };
  }
  const db = testDatabaseName();
  await onServer(serverUrl, async (admin) => cloneDatabase(admin, db, await postgresTemplate(serverUrl, name, admin)));
  const url = urlOf(serverUrl, db);
  return {
    database: await openDatabase({ kind: 'postgres', url: open.via ? open.via(url) : url, poolMax: open.poolMax ?? 5, timeouts: open.timeouts }),
    drop: () => onServer(serverUrl, async (admin) => void (await admin.query(`drop database if exists ${db} with (force)`))),
  };
}

/**
 * An empty database (no schema) on the server of `serverUrl`, for tests that run the migrations
 * themselves (the CLI).
 * @returns its URL and a function that drops it
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const db = testDatabaseName();
  await onServer(serverUrl, async (admin) => void (await admin.query(`create database ${db}`)));
  return {
    url: urlOf(serverUrl, db),
    drop: () => onServer(serverUrl, async (admin) => void (await admin.query(`drop database if exists ${db} with (force)`))),
  };
}

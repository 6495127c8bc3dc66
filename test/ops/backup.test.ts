/**
 * `airport-intel backup --out FILE` and `airport-intel restore FILE` (issue 29), run as real
 * processes on the embedded database: a backup refuses while another process holds the data folder,
 * a backup restored into a fresh data folder reads the same editions, users and keys, and a session
 * issued before the backup still works after it (the session secret travels with it); a restore over
 * an existing database is refused without --force and moves it aside with it. On PostgreSQL
 * (TEST_DATABASE_URL) both commands refuse and name pg_dump / pg_restore.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { systemCtx } from '../../src/domain/context.js';
import { createApiKey, createSession, createUser } from '../../src/domain/identity/index.js';
import { systemClock } from '../../src/system-clock.js';
import { resolveSessionSecret } from '../../src/secrets.js';
import { createPostgresDatabase } from '../helpers/harness.js';
import { pgliteTemplate } from '../helpers/template.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/airport-intel.js');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-backup-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const cli = async (env: NodeJS.ProcessEnv, ...args: string[]) => {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.SESSION_SECRET;
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...base, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/** What a reader of the data folder sees: editions, users and keys as stored, and over HTTP. */
async function contents(dataDir: string, key: string, session: string) {
  const database: Database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const db = database.db;
    const editions = (await db.selectFrom('editions').select(['id', 'number', 'status']).orderBy('number').execute()).map((e) => ({ ...e }));
    const users = (await db.selectFrom('users').select(['id', 'email']).orderBy('email').execute()).map((u) => ({ ...u }));
    const keys = (await db.selectFrom('api_keys').select(['id', 'prefix', 'key_hash']).orderBy('id').execute()).map((k) => ({ ...k }));
    const app = await buildApp({ database, sessionSecret: resolveSessionSecret({ dataDir, sessionSecret: undefined }), logger: false });
    try {
      const byKey = await app.inject({ method: 'GET', url: '/v1/editions', headers: { authorization: `Bearer ${key}` } });
      const bySession = await app.inject({ method: 'GET', url: '/v1/editions', headers: { authorization: `Bearer ${session}` } });
      return { editions, users, keys, byKey: byKey.statusCode, bySession: bySession.statusCode, listed: byKey.json() as unknown };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  if (process.env.TEST_DATABASE_URL) {
    it('refuses on PostgreSQL and names pg_dump and pg_restore', async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const env = { DATABASE_URL: created.url, SESSION_SECRET: 'backup-test-secret-0123456789-0123456789-abc' };
        const b = await cli(env, 'backup', '--out', path.join(root, 'pg.tar.gz'));
        assert.equal(b.code, 1);
        assert.match(b.stderr, /pg_dump/);
        assert.equal(fs.existsSync(path.join(root, 'pg.tar.gz')), false);
        const r = await cli(env, 'restore', path.join(root, 'pg.tar.gz'));
        assert.equal(r.code, 1);
        assert.match(r.stderr, /pg_restore/);
      } finally {
        await created.drop();
      }
    });
    return;
  }

  it('a backup restored into a fresh data folder reads the same editions, users and keys; sessions survive', async () => {
    // The source data folder, made in-process as a server would have: schema, sample editions, a user, a key, a session.
    // Schema and sample: the test template `sample` written into the folder (test/helpers/template.ts:
    // the same migrate and loadSample, built once and shared by the test files; loading the sample
    // here took ~20 s, most of it rendering its posters).
    const source = path.join(root, 'source');
    const env = { DATA_DIR: source };
    const made0 = await openDatabase({ kind: 'pglite', dataDir: source, loadDataDir: new Blob([(await pgliteTemplate('sample')) as Uint8Array<ArrayBuffer>]) });
    let key: string;
    let session: string;
    try {
      const ctx = systemCtx(made0.db, systemClock);
      await createUser(ctx, { email: 'ana@example.test', plan: 'professional' });
      key = (await createApiKey(ctx, { email: 'ana@example.test', label: 'backup' })).key;
      session = (await createSession(ctx, resolveSessionSecret({ dataDir: source, sessionSecret: undefined }), 'ana@example.test')).token;
    } finally {
      await made0.close();
    }
    assert.ok(fs.existsSync(path.join(source, 'session-secret')));

    // A server holds the folder: the backup refuses and says why.
    const file = path.join(root, 'backup.tar.gz');
    const held = await openDatabase({ kind: 'pglite', dataDir: source });
    try {
      const refused = await cli(env, 'backup', '--out', file);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, new RegExp(`in use by process ${process.pid}`));
      assert.match(refused.stderr, /stop the server/);
      assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack');
      assert.equal(fs.existsSync(file), false);
    } finally {
      await held.close();
    }

    const made = await cli(env, 'backup', '--out', file);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stderr, /session secret/);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'readable by its owner only: it holds the session secret');

    const target = path.join(root, 'target');
    const restored = await cli({ DATA_DIR: target }, 'restore', file);
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(fs.readFileSync(path.join(target, 'session-secret'), 'utf8'), fs.readFileSync(path.join(source, 'session-secret'), 'utf8'));

    const before = await contents(source, key, session);
    const after = await contents(target, key, session);
    assert.ok(before.editions.length > 0 && before.users.length > 0 && before.keys.length > 0);
    assert.deepEqual(after.editions, before.editions);
    assert.deepEqual(after.users, before.users);
    assert.deepEqual(after.keys, before.keys);
    assert.equal(after.byKey, 200, 'the key works on the restored data');
    assert.equal(after.bySession, 200, 'a session issued before the backup works on the restored data');
    assert.deepEqual(after.listed, before.listed);

    // Over an existing database: refused without --force; with it, the current one is moved aside.
    const again = await cli({ DATA_DIR: target }, 'restore', file);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already holds a database.*--force/);
    const forced = await cli({ DATA_DIR: target }, 'restore', file, '--force');
    assert.equal(forced.code, 0, forced.stderr);
    assert.ok(fs.readdirSync(target).some((f) => f.startsWith('pglite.before-restore-')), 'the previous database is kept aside');
    assert.equal((await contents(target, key, session)).editions.length, before.editions.length);

    // Not a backup.
    fs.writeFileSync(path.join(root, 'junk.tar.gz'), 'not a backup');
    const junk = await cli({ DATA_DIR: path.join(root, 'other') }, 'restore', path.join(root, 'junk.tar.gz'));
    assert.equal(junk.code, 1);
    assert.match(junk.stderr, /not an airport-intel backup/);
  });
});

/**
 * Moving the media library from the database to S3-compatible object storage without downtime
 * (issue 31): once the app reads through the object store (MEDIA_STORE=s3, falling back to the
 * table), `migrateMediaToObjectStore` moves the objects one at a time while every original and
 * variant keeps answering the same bytes after each step; an object already copied by an
 * interrupted run is not sent again; a rerun finishes the job; uploads after the switch never touch
 * the table. Then `airport-intel media migrate --to s3` as a real process: progress on stderr, the
 * objects in the bucket, the table empty, a rerun that moves nothing, and its refusals.
 * Runs on PGlite (a temporary DATA_DIR for the command) or PostgreSQL with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemCtx } from '../../src/domain/context.js';
import { migrateMediaToObjectStore, useObjectStore, type MediaMigrationProgress } from '../../src/domain/media/index.js';
import { sha256Hex } from '../../src/domain/media/store.js';
import { systemClock } from '../../src/system-clock.js';
import { createPostgresDatabase, startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { startS3StandIn, type S3StandIn } from '../helpers/media-stores.js';
import { image, uploaded } from '../v1/media-helpers.js';

const tableKeys = async (db: Database['db']) => (await db.selectFrom('media_objects').select('key').orderBy('key').execute()).map((r) => r.key);

describe('migrating the media library while the app serves it', () => {
  let h: Harness;
  let admin: TestIdentity;
  let s3: S3StandIn;
  const urls: string[] = [];

  before(async () => {
    h = await startHarness();
    s3 = await startS3StandIn();
    admin = await h.identity({ admin: true });
    for (const colour of ['#112233', '#445566', '#778899']) {
      const { id } = await uploaded(h, admin, await image(400, 300, 'jpeg', colour), 'photo.jpg');
      urls.push(`/v1/media/${id}`, `/v1/media/${id}?w=144`);
    }
  });
  after(async () => {
    await h.close();
    await s3.close();
  });

  const readAll = async () => {
    const bodies: Buffer[] = [];
    for (const url of urls) {
      const res = await h.app.inject({ method: 'GET', url, headers: admin.keyAuth });
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      bodies.push(res.rawPayload);
    }
    return bodies;
  };

  it('moves every object, reads answering the same bytes at every step; a rerun after an interruption finishes', async () => {
    const served = await readAll(); // renders and stores the variants in the table
    const keys = await tableKeys(h.database.db);
    assert.equal(keys.length, 6, 'three originals and three variants in the table');
    // The servers switch to MEDIA_STORE=s3: the bucket is empty, reads fall back to the table.
    useObjectStore(h.database.db, s3.store);
    assert.deepEqual(await readAll(), served);
    // An earlier run copied the first object and stopped before deleting its row.
    const first = (await h.database.db.selectFrom('media_objects').selectAll().where('key', '=', keys[0]!).executeTakeFirstOrThrow());
    await s3.store.put(first.key, Buffer.from(first.bytes), first.content_type, new Date(first.created_at));

    const seen: MediaMigrationProgress[] = [];
    await assert.rejects(migrateMediaToObjectStore(h.ctx(), s3.store, (p) => {
      seen.push(p);
      if (p.done === 3) throw new Error('interrupted');
    }), /interrupted/);
    assert.deepEqual(seen.map((p) => [p.done, p.total]), [[1, 6], [2, 6], [3, 6]]);
    assert.equal(seen[2]!.alreadyThere, 1, 'the object already in the bucket was not sent again');
    assert.deepEqual(await tableKeys(h.database.db), keys.slice(3));
    assert.deepEqual(await readAll(), served, 'half moved: every read still answers');

    const rest = await migrateMediaToObjectStore(h.ctx(), s3.store, async () => {
      assert.deepEqual(await readAll(), served, 'after each object');
    });
    assert.deepEqual([rest.done, rest.total, rest.alreadyThere], [3, 3, 0]);
    assert.deepEqual(await tableKeys(h.database.db), []);
    assert.deepEqual((await s3.store.keys('')).sort(), keys);
    assert.deepEqual(await readAll(), served);
    const again = await migrateMediaToObjectStore(h.ctx(), s3.store);
    assert.deepEqual([again.done, again.total], [0, 0], 'nothing left to move');
  });

  it('stores later uploads and variants in the bucket only', async () => {
    const { id } = await uploaded(h, admin, await image(300, 200, 'png', '#aa0000'), 'late.png');
    const variant = await h.app.inject({ method: 'GET', url: `/v1/media/${id}?w=144`, headers: admin.keyAuth });
    assert.equal(variant.statusCode, 200);
    assert.deepEqual(await tableKeys(h.database.db), []);
    assert.equal((await s3.store.keys(`originals/${id}`)).length, 1);
    assert.equal((await s3.store.keys(`variants/${id}/`)).length, 1);
  });
});

describe('airport-intel media migrate --to s3', () => {
  const run = promisify(execFile);
  const BIN = path.resolve('bin/airport-intel.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-media-'));
  let s3: S3StandIn;
  let env: NodeJS.ProcessEnv;
  let databaseUrl: string | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  const objects = [0, 1, 2].map((i) => ({ key: `originals/00000000-0000-4000-8000-00000000000${i}`, bytes: Buffer.from(`image bytes ${i}`.repeat(100 * (i + 1))) }));

  const open = (): Promise<Database> => (databaseUrl ? openDatabase({ kind: 'postgres', url: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir }));
  const cli = async (extra: NodeJS.ProcessEnv, ...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...env, ...extra } });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  before(async () => {
    s3 = await startS3StandIn();
    env = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'media-cli-secret-0123456789-0123456789-abc' };
    delete env.DATABASE_URL;
    if (process.env.TEST_DATABASE_URL) {
      ({ url: databaseUrl, drop: dropPostgres } = await createPostgresDatabase(process.env.TEST_DATABASE_URL));
      env.DATABASE_URL = databaseUrl;
    }
    const database = await open();
    try {
      await migrate(database);
      const at = systemCtx(database.db, systemClock).now();
      for (const o of objects) {
        await database.db.insertInto('media_objects').values({ key: o.key, bytes: o.bytes, content_type: 'image/jpeg', byte_size: o.bytes.byteLength, sha256: sha256Hex(o.bytes), created_at: at }).execute();
      }
    } finally {
      await database.close();
    }
  });
  after(async () => {
    await s3.close();
    await dropPostgres?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves the table to the bucket with progress, and a rerun moves nothing', async () => {
    const s3Env = {
      MEDIA_STORE: 's3', S3_ENDPOINT: s3.settings.endpoint!, S3_REGION: 'us-east-1', S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    };
    const res = await cli(s3Env, 'media', 'migrate', '--to', 's3');
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /3 \/ 3 objects/);
    assert.match(res.stderr, /Moved 3 objects to s3:\/\/media \(0 were already there/);
    for (const o of objects) assert.deepEqual((await s3.store.get(o.key))?.bytes, o.bytes, o.key);
    const database = await open();
    try {
      assert.deepEqual(await tableKeys(database.db), []);
    } finally {
      await database.close();
    }
    const again = await cli(s3Env, 'media', 'migrate', '--to', 's3');
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /Moved 0 objects/);
  });

  it('refuses another target (exit 2) and a run without MEDIA_STORE=s3 (exit 1, one line)', async () => {
    const other = await cli({}, 'media', 'migrate', '--to', 'gcs');
    assert.equal(other.code, 2);
    assert.match(other.stderr, /--to must be s3/);
    const unset = await cli({}, 'media', 'migrate', '--to', 's3');
    assert.equal(unset.code, 1);
    assert.match(unset.stderr, /needs MEDIA_STORE=s3/);
    assert.doesNotMatch(unset.stderr, /\n\s+at /, 'no stack');
  });
});

/**
 * The stores the media tests run over (test/v1/media-suite.ts, admin-media-suite.ts): the database
 * table (the default) and S3-compatible object storage, served by a local s3rver started by the
 * test (the S3 protocol over HTTP, objects in a temporary directory). Each gives the harness option
 * that selects it and a probe of what it holds, so one test body asserts the same on both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Client, s3MediaStore, type MediaStore, type S3Settings } from '../../src/domain/media/index.js';
import type { Harness } from './harness.js';

/** One store under test. */
export interface MediaStoreUnderTest {
  name: 'database' | 's3';
  /** Starts what the store needs; returns the object store for `startHarness({ objectStore })` (none: the database). */
  start(): Promise<MediaStore | undefined>;
  /** The keys and digests of the stored objects whose key starts with `prefix`, in key order. */
  objects(h: Harness, prefix?: string): Promise<{ key: string; sha256: string }[]>;
  /** The bytes stored at `key`, or `null`. */
  bytes(h: Harness, key: string): Promise<Buffer | null>;
  /** Stops what {@link start} started. */
  close(): Promise<void>;
}

/** The default store: the `media_objects` table. */
export const databaseStore: MediaStoreUnderTest = {
  name: 'database',
  start: () => Promise.resolve(undefined),
  async objects(h, prefix = '') {
    return h.database.db.selectFrom('media_objects').select(['key', 'sha256']).where('key', 'like', `${prefix}%`).orderBy('key').execute();
  },
  async bytes(h, key) {
    const row = await h.database.db.selectFrom('media_objects').select('bytes').where('key', '=', key).executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  },
  close: () => Promise.resolve(),
};

/** A local S3-compatible server (s3rver) with one bucket, for as long as a test file runs. */
export interface S3StandIn {
  settings: S3Settings;
  store: ReturnType<typeof s3MediaStore>;
  close(): Promise<void>;
}

/** Starts s3rver on a free port of 127.0.0.1 with bucket `media` in a temporary directory. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await server.run();
  // s3rver checks AWS Signature V4 with its fixed key pair.
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'media',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const client = s3Client(settings);
  return {
    settings,
    store: s3MediaStore(client, settings.bucket),
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Object storage: a fresh s3rver per test file. */
export function s3Store(): MediaStoreUnderTest {
  let standIn: S3StandIn | undefined;
  const running = () => standIn ?? (() => { throw new Error('the S3 stand-in is not started'); })();
  return {
    name: 's3',
    async start() {
      standIn = await startS3StandIn();
      return standIn.store;
    },
    async objects(_h, prefix = '') {
      const store = running().store;
      const keys = (await store.keys(prefix)).sort();
      return Promise.all(keys.map(async (key) => ({ key, sha256: (await store.head(key))!.sha256 })));
    },
    async bytes(_h, key) {
      return (await running().store.get(key))?.bytes ?? null;
    },
    close: async () => standIn?.close(),
  };
}

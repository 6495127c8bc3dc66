/**
 * Where image bytes live: one small interface (`MediaStore`) in front of the storage, so the
 * operations never know whether bytes sit in PostgreSQL or an object store (docs/decisions/0022).
 * The default, {@link databaseMediaStore}, keeps originals and cached variants in the
 * `media_objects` table (bytea): every server process sees them, and a database backup includes them.
 * With `MEDIA_STORE=s3` they live in S3-compatible object storage instead (./s3-store.ts).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** One stored object: its bytes, its type and the hex SHA-256 of the bytes. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  sha256: string;
}

/** What a store must offer; keys are `originals/<media id>` and `variants/<media id>/<width>.<format>`. */
export interface MediaStore {
  /** Writes (or replaces) the object at `key`; returns the SHA-256 of `bytes` (hex). */
  put(key: string, bytes: Buffer, contentType: string, at: Date): Promise<string>;
  /** The object at `key`, or `null`. */
  get(key: string): Promise<StoredObject | null>;
  /** The type and digest of the object at `key` without its bytes, or `null`. */
  head(key: string): Promise<Omit<StoredObject, 'bytes'> | null>;
  /** Deletes the objects whose key starts with `prefix` (an asset's original and variants). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Hex SHA-256 of `bytes`. */
export const sha256Hex = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

/** `Uint8Array` (PGlite) or `Buffer` (pg) → `Buffer` without a copy. */
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** `like` pattern matching every key that starts with `prefix`. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The store over `db` (the database, or the caller's transaction: an upload's original then commits
 * or rolls back with its record).
 */
export function databaseMediaStore(db: Kysely<DB>): MediaStore {
  return {
    async put(key, bytes, contentType, at) {
      const sha256 = sha256Hex(bytes);
      await db.insertInto('media_objects')
        .values({ key, bytes, content_type: contentType, byte_size: bytes.byteLength, sha256, created_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ bytes, content_type: contentType, byte_size: bytes.byteLength, sha256, created_at: at }))
        .execute();
      return sha256;
    },
    async get(key) {
      const row = await db.selectFrom('media_objects').select(['bytes', 'content_type', 'sha256']).where('key', '=', key).executeTakeFirst();
      return row ? { bytes: asBuffer(row.bytes), contentType: row.content_type, sha256: row.sha256 } : null;
    },
    async head(key) {
      const row = await db.selectFrom('media_objects').select(['content_type', 'sha256']).where('key', '=', key).executeTakeFirst();
      return row ? { contentType: row.content_type, sha256: row.sha256 } : null;
    },
    async deletePrefix(prefix) {
      await db.deleteFrom('media_objects').where('key', 'like', prefixPattern(prefix)).execute();
    },
  };
}

/**
 * Writes to `primary` (the object store); reads `primary` first and `fallback` (the database table)
 * for objects not moved yet; deletes from both. So servers switched to `MEDIA_STORE=s3` serve the
 * whole library at once, and `media migrate --to s3` moves it object by object behind them.
 */
export function tieredMediaStore(primary: MediaStore, fallback: MediaStore): MediaStore {
  return {
    put: (key, bytes, contentType, at) => primary.put(key, bytes, contentType, at),
    get: async (key) => (await primary.get(key)) ?? fallback.get(key),
    head: async (key) => (await primary.head(key)) ?? fallback.head(key),
    async deletePrefix(prefix) {
      await primary.deletePrefix(prefix);
      await fallback.deletePrefix(prefix);
    },
  };
}

/** The object store of each database handle that has one (keyed by its adapter, which transactions share). */
const objectStores = new WeakMap<object, MediaStore>();

/**
 * Puts the media of `db` (and of its transactions) in `store` (`MEDIA_STORE=s3`, ./s3-store.ts):
 * writes go there, reads fall back to the database table for objects not moved yet. Called once
 * where the process builds its app or CLI command.
 */
export function useObjectStore(db: Kysely<DB>, store: MediaStore): void {
  objectStores.set(db.getExecutor().adapter, store);
}

/**
 * The store of the operations running with `db`: the database table, or the object store given to
 * {@link useObjectStore} with the table as fallback for reads.
 */
export function mediaStoreOf(db: Kysely<DB>): MediaStore {
  const objects = objectStores.get(db.getExecutor().adapter);
  return objects ? tieredMediaStore(objects, databaseMediaStore(db)) : databaseMediaStore(db);
}

/** Key of an asset's original. */
export const originalKey = (mediaId: string) => `originals/${mediaId}`;
/** Key prefix of an asset's variants. */
export const variantPrefix = (mediaId: string) => `variants/${mediaId}/`;
/** Key of one variant. */
export const variantKey = (mediaId: string, width: number, format: string) => `${variantPrefix(mediaId)}${width}.${format}`;

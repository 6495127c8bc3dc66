/** The one write path of a new asset (uploads and generated sample imagery share it). */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { EXTENSIONS, type CleanImage } from './images.js';
import { mediaStoreOf, originalKey } from './store.js';

/** What describes a new asset besides its image. */
export interface NewMedia {
  filename: string | null;
  alt_text?: string | null | undefined;
  credit?: string | null | undefined;
  licence?: string | null | undefined;
  kind: 'upload' | 'generated';
}

/**
 * Inserts asset and original (the bytes go to the store, keyed by the asset id). Call it inside a
 * transaction so that the record and its bytes exist together or not at all.
 * @returns the new asset's id
 */
export async function insertMedia(db: Kysely<DB>, image: CleanImage, meta: NewMedia, at: Date): Promise<string> {
  const { id } = await db.insertInto('media_assets').values({
    filename: (meta.filename?.trim() || `image.${EXTENSIONS[image.format]}`).slice(0, 255),
    content_type: image.contentType,
    byte_size: image.bytes.byteLength,
    width: image.width,
    height: image.height,
    storage_key: `pending-${crypto.randomUUID()}`,
    alt_text: meta.alt_text ?? null,
    credit: meta.credit ?? null,
    licence: meta.licence ?? null,
    placeholder: image.placeholder,
    kind: meta.kind,
    created_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  const key = originalKey(id);
  const sha256 = await mediaStoreOf(db).put(key, image.bytes, image.contentType, at);
  await db.updateTable('media_assets').set({ storage_key: key, sha256 }).where('id', '=', id).execute();
  return id;
}

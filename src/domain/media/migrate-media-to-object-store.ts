/**
 * Moving an existing library from the database table to the object store without downtime
 * (`airport-intel media migrate --to s3`, docs/operations.md, decision 0043). The servers are
 * switched to `MEDIA_STORE=s3` first: from then on they write to the object store and read it
 * first, falling back to the table (./store.ts `tieredMediaStore`). This then moves the table's
 * objects one at a time: copy to the object store, check the digest the store reports, and only
 * then delete the row (unless it was replaced meanwhile) — so every read finds the object in one
 * place or the other at every instant, and a run stopped anywhere can simply run again (objects
 * already copied with the same digest are not sent twice).
 */
import type { Ctx } from '../context.js';
import type { MediaStore } from './store.js';

/** Where a migration stands (after each object). */
export interface MediaMigrationProgress {
  /** Objects handled so far (copied, or found already copied). */
  done: number;
  /** Objects in the table when the run started. */
  total: number;
  /** Bytes sent to the object store so far. */
  bytesCopied: number;
  /** Objects already in the object store with the same digest (not sent again). */
  alreadyThere: number;
}

/** Objects read from the table per query (each with its bytes). */
const BATCH = 20;

/**
 * Moves every object of the `media_objects` table to `target`, in key order, calling (and
 * awaiting) `onProgress` after each. Memory holds one batch of objects at a time.
 * @returns the final progress (`done === total` unless objects were added during the run; they are
 *   moved too)
 * @throws Error when the object store reports another digest than the bytes sent (nothing is
 *   deleted for that object); the object store's errors
 */
export async function migrateMediaToObjectStore(ctx: Ctx, target: MediaStore, onProgress: (p: MediaMigrationProgress) => void | Promise<void> = () => {}): Promise<MediaMigrationProgress> {
  const { n } = await ctx.db.selectFrom('media_objects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const progress: MediaMigrationProgress = { done: 0, total: Number(n), bytesCopied: 0, alreadyThere: 0 };
  let after = '';
  for (;;) {
    const rows = await ctx.db.selectFrom('media_objects').select(['key', 'bytes', 'content_type', 'sha256', 'created_at'])
      .where('key', '>', after).orderBy('key').limit(BATCH).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const there = await target.head(row.key);
      if (there?.sha256 === row.sha256) {
        progress.alreadyThere++;
      } else {
        const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
        const sha256 = await target.put(row.key, bytes, row.content_type, new Date(row.created_at));
        if (sha256 !== row.sha256) throw new Error(`media object ${row.key}: the stored digest ${row.sha256} does not match its bytes (${sha256}); left in the database`);
        progress.bytesCopied += bytes.byteLength;
      }
      // Reads now find the object in the store: the row goes, unless a writer replaced it meanwhile.
      await ctx.db.deleteFrom('media_objects').where('key', '=', row.key).where('sha256', '=', row.sha256).execute();
      progress.done++;
      progress.total = Math.max(progress.total, progress.done);
      await onProgress({ ...progress });
    }
    after = rows[rows.length - 1]!.key;
  }
  return progress;
}

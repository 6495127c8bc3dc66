/** Tags of the sample and synthetic datasets, written once by every loader (a leaf: no loader imports another for it). */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { humanise } from '../domain/slug.js';

/** Inserts the tags that are missing; returns slug → id for `slugs`. */
export async function upsertTags(trx: Transaction<DB> | Kysely<DB>, slugs: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(slugs)];
  if (unique.length) {
    await trx
      .insertInto('tags')
      .values(unique.map((slug) => ({ slug, name: humanise(slug) })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const rows = unique.length ? await trx.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', unique).execute() : [];
  return new Map(rows.map((r) => [r.slug, r.id]));
}

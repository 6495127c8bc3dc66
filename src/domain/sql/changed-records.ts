/**
 * The records of one type changed since a content version, read from the change feed's tables
 * (`change_commits`, `change_log`, migration 0019) with the version they bring the reader to. Here
 * rather than in the changes domain because that domain imports the entities that call this (the
 * project facet index, src/domain/projects/facet-index-store.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** What changed after a version: the version now, and the ids, or `pruned` when the feed no longer reaches back. */
export type ChangedRecords =
  | { version: number; pruned: false; ids: string[] }
  | { version: number; pruned: true };

/**
 * The ids of the records of `entityType` changed by the commits after `since`, and the content
 * version they bring a reader to. Run it in a repeatable-read transaction and read the records in
 * the same one: they are then exactly as of `version`. `ids` is empty when the version has not
 * moved; `pruned` when the feed was pruned past `since` (changes after it may be gone).
 */
export async function changedRecordsSince(db: Kysely<DB>, entityType: 'projects' | 'tenders' | 'articles' | 'events', since: number): Promise<ChangedRecords> {
  const { rows: [at] } = await sql<{ version: string | number; horizon: string | number }>`
    select v.version, hz.version as horizon from content_version v cross join change_feed_horizon hz where v.id and hz.id`.execute(db);
  const version = Number(at?.version ?? 0);
  if (version <= since) return { version, pruned: false, ids: [] };
  if (Number(at?.horizon ?? 0) > since) return { version, pruned: true };
  const { rows } = await sql<{ id: string }>`
    select distinct c.entity_id as id from change_commits cc join change_log c on c.txid = cc.txid
     where cc.version > ${since} and c.entity_type = ${entityType}`.execute(db);
  return { version, pruned: false, ids: rows.map((r) => r.id) };
}

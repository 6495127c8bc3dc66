/**
 * The change feed's queries over `change_log` and `change_commits` (migration 0019): one page in
 * commit order with the current end of the feed read in the same statement, the horizon of what
 * was pruned, and the pruning itself. A leaf: it knows no other entity's queries.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import type { FeedPosition } from './cursor.js';
import type { ChangeType } from './schemas.js';

/** A stored change, with the version of its commit. */
export interface ChangeRow {
  version: number;
  seq: number;
  entity_type: ChangeType;
  entity_id: string;
  op: 'created' | 'updated' | 'deleted';
  visible_before: boolean;
  visible_after: boolean;
  changed_fields: string[];
  changed_at: Date;
}

/** Which records of one type a reader follows: all of them, or only these ids (a trial preview). */
export interface TypeReach {
  type: ChangeType;
  ids?: string[] | undefined;
}

/**
 * At most `limit` changes after `from` in commit order, of records readers saw before or after the
 * change, restricted to `reach`; with, read by the same statement, `head` — the content version at
 * that moment (every change up to it is visible to this very statement, so it is a safe position to
 * resume from when fewer than `limit` rows come back) — and the pruning `horizon`.
 * The plan walks `change_commits` in version order and each commit's changes by sequence (nested
 * loop, incremental sort, stopped by the limit): a page costs its own rows, not the rest of the feed.
 */
export async function readChanges(db: Kysely<DB>, from: FeedPosition, reach: TypeReach[], limit: number): Promise<{ rows: ChangeRow[]; head: number; horizon: FeedPosition }> {
  const scope = reach.length
    ? sql.join(reach.map((r) => (r.ids
      ? sql`(c.entity_type = ${r.type} and c.entity_id = any(${r.ids}::uuid[]))`
      : sql`c.entity_type = ${r.type}`)), sql` or `)
    : sql`false`;
  const where: RawBuilder<SqlBool> = sql<SqlBool>`(c.visible_before or c.visible_after) and (${scope})`;
  const { rows } = await sql<ChangeRow & { head: number; horizon_version: number; horizon_seq: number }>`
    with page as (
      select cc.version, c.seq, c.entity_type, c.entity_id, c.op, c.visible_before, c.visible_after, c.changed_fields, c.changed_at
        from change_commits cc
        cross join lateral (
          select c.* from change_log c
           where c.txid = cc.txid and (cc.version > ${from.version} or c.seq > ${from.seq}) and ${where}
           order by c.seq limit ${limit}) c
       where cc.version >= ${from.version}
       order by cc.version, c.seq
       limit ${limit}
    )
    select v.version as head, hz.version as horizon_version, hz.seq as horizon_seq, p.*
      from content_version v cross join change_feed_horizon hz left join page p on true
     where v.id and hz.id
     order by p.version, p.seq`.execute(db);
  const first = rows[0];
  return {
    rows: rows.filter((r) => r.seq !== null),
    head: first?.head ?? 0,
    horizon: { version: first?.horizon_version ?? 0, seq: first?.horizon_seq ?? 0 },
  };
}

/** The content version now: every change committed so far has a version at most this. */
export async function currentHead(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ version: number }>`select version from content_version where id`.execute(db);
  return rows[0]?.version ?? 0;
}

/** The ids of the articles of edition `editionId`. */
export async function articleIdsOf(db: Kysely<DB>, editionId: string | undefined): Promise<string[]> {
  if (!editionId) return [];
  return (await db.selectFrom('articles').select('id').where('edition_id', '=', editionId).execute()).map((r) => r.id);
}

/**
 * Deletes the changes of every commit before `cutoff` and moves the horizon past them; run it in a
 * transaction. @returns the number of changes deleted
 */
export async function deleteChangesBefore(db: Kysely<DB>, cutoff: Date): Promise<number> {
  // A prefix of the commit order: everything up to the newest commit before `cutoff`.
  const { rows } = await sql<{ version: number | null; seq: number | null; n: number }>`
    with upto as (select max(version) as v from change_commits where committed_at < ${cutoff}),
    gone as (delete from change_commits cc using upto where cc.version <= upto.v returning cc.version, cc.txid),
    removed as (delete from change_log c using gone g where c.txid = g.txid returning g.version, c.seq)
    select (select max(version) from gone) as version,
      (select max(seq) from removed where version = (select max(version) from gone)) as seq,
      (select count(*)::int from removed) as n`.execute(db);
  const last = rows[0];
  if (last?.version != null) {
    await sql`update change_feed_horizon set version = ${last.version}, seq = ${last.seq ?? Number.MAX_SAFE_INTEGER} where id and version <= ${last.version}`.execute(db);
  }
  return last?.n ?? 0;
}

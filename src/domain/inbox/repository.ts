/**
 * The inbox's SQL and its one state machine, shared by the operations of this folder.
 *
 * | from               | operation | to       |
 * |--------------------|-----------|----------|
 * | pending            | approve   | approved |
 * | pending, approved  | skip      | skipped  |
 * | approved, skipped  | reopen    | pending  |
 * | pending, approved  | promote   | promoted | creates a draft article on a draft edition
 * | promoted           | anything  | refused (409): a promoted item is final |
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { notFound } from '../errors.js';
import type { InboxStatus } from './schemas.js';

/** What the pre-screen detected in an item. */
export interface DetectedEntities {
  topics?: string[];
  tags?: string[];
  airports?: string[];
  companies?: string[];
  region?: string | null;
  country?: string | null;
}

/** An inbox item. */
/** One part of a pre-screening score. */
export interface ScoreReason {
  reason: string;
  points: number;
}

export interface InboxItem {
  id: string;
  source_id: string | null;
  source_name: string;
  url: string;
  title: string;
  excerpt: string;
  published_at: string | null;
  detected_entities: DetectedEntities;
  /** Pre-screening score, 0..100. */
  score: number;
  /** What makes up `score`: `{ reason, points }`, as the scorer wrote it. */
  score_reasons: ScoreReason[];
  status: InboxStatus;
  promoted_article_id: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

/** The moves an editor may make from each state to each settable state. */
/** The moves of the table above, by current status. */
export const ALLOWED: Record<InboxStatus, readonly InboxStatus[]> = {
  pending: ['approved', 'skipped'],
  approved: ['skipped', 'pending'],
  skipped: ['pending'],
  promoted: [],
};

/** The states from which an item may move to `to` (the table above). */
export const statusesMovableTo = (to: InboxStatus): InboxStatus[] => (Object.keys(ALLOWED) as InboxStatus[]).filter((from) => ALLOWED[from].includes(to));

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A row of `inbox_items` as an {@link InboxItem}. */
export function toItem(r: Record<string, unknown>): InboxItem {
  return {
    id: r.id as string,
    source_id: (r.source_id as string | null) ?? null,
    source_name: r.source_name as string,
    url: r.url as string,
    title: r.title as string,
    excerpt: r.excerpt as string,
    published_at: iso(r.published_at),
    detected_entities: (r.detected_entities ?? {}) as DetectedEntities,
    score: Number(r.score),
    score_reasons: (Array.isArray(r.score_reasons) ? r.score_reasons : []) as ScoreReason[],
    status: r.status as InboxStatus,
    promoted_article_id: (r.promoted_article_id as string | null) ?? null,
    decided_by: (r.decided_by as string | null) ?? null,
    decided_at: iso(r.decided_at),
    created_at: iso(r.created_at)!,
  };
}

/** One item (locked `FOR UPDATE` when `lock`). @throws DomainError NOT_FOUND */
export async function loadItem(db: Kysely<DB>, id: string, lock = false): Promise<InboxItem> {
  const row = await db.selectFrom('inbox_items').selectAll().where('id', '=', id).$if(lock, (q) => q.forUpdate()).executeTakeFirst();
  if (!row) throw notFound(`Inbox item ${id}`);
  return toItem(row as unknown as Record<string, unknown>);
}


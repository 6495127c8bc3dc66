/**
 * The editorial inbox: candidate stories from the news sources, pre-screened by an automated step
 * (`score`, 0..1, and `detected_entities`), waiting for an editor.
 *
 * States and moves (one table, `inbox_items.status`):
 *
 * | from               | operation | to       |
 * |--------------------|-----------|----------|
 * | pending            | approve   | approved |
 * | pending, approved  | skip      | skipped  |
 * | approved, skipped  | reopen    | pending  |
 * | pending, approved  | promote   | promoted | creates a draft article on a draft edition
 * | promoted           | anything  | refused (409): a promoted item is final |
 *
 * Setting the status an item already has changes nothing and records nothing. Promotion goes only
 * into a draft edition, so the new article is not public until a person publishes that edition;
 * promoting never publishes anything. Bulk-skip skips many pending or approved items at once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, requireAdmin } from '../admin/admin.js';
import { getArticleById, insertArticle } from '../articles/write-article.js';
import type { ArticleView } from '../articles/repository.js';
import { recordAudit, recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam, notFound } from '../errors.js';
import type { Page, Window } from '../pagination.js';

export const INBOX_STATUSES = ['pending', 'approved', 'skipped', 'promoted'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** Statuses an editor may set directly (promotion has its own operation). */
export const SETTABLE_INBOX_STATUSES = ['pending', 'approved', 'skipped'] as const;
export type SettableInboxStatus = (typeof SETTABLE_INBOX_STATUSES)[number];

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
export interface InboxItem {
  id: string;
  source_id: string | null;
  source_name: string;
  url: string;
  title: string;
  excerpt: string;
  published_at: string | null;
  detected_entities: DetectedEntities;
  score: number;
  status: InboxStatus;
  promoted_article_id: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

/** The moves an editor may make from each state to each settable state. */
const ALLOWED: Record<InboxStatus, readonly InboxStatus[]> = {
  pending: ['approved', 'skipped'],
  approved: ['skipped', 'pending'],
  skipped: ['pending'],
  promoted: [],
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toItem(r: Record<string, unknown>): InboxItem {
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
    status: r.status as InboxStatus,
    promoted_article_id: (r.promoted_article_id as string | null) ?? null,
    decided_by: (r.decided_by as string | null) ?? null,
    decided_at: iso(r.decided_at),
    created_at: iso(r.created_at)!,
  };
}

async function loadItem(db: Kysely<DB>, id: string, lock = false): Promise<InboxItem> {
  const row = await db.selectFrom('inbox_items').selectAll().where('id', '=', id).$if(lock, (q) => q.forUpdate()).executeTakeFirst();
  if (!row) throw notFound(`Inbox item ${id}`);
  return toItem(row as unknown as Record<string, unknown>);
}

/** Inbox items, highest score first (then newest); all statuses when `status` is omitted. Admins only. */
export async function listInbox(ctx: Ctx, status: InboxStatus | undefined, window: Window): Promise<Page<InboxItem>> {
  requireAdmin(ctx.identity);
  const base = ctx.db.selectFrom('inbox_items').$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('score', 'desc').orderBy('created_at', 'desc').orderBy('id').limit(window.limit).offset(window.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toItem(r as unknown as Record<string, unknown>)), total: count.n };
}

/** One inbox item. Admins only. @throws DomainError NOT_FOUND */
export async function getInboxItem(ctx: Ctx, id: string): Promise<InboxItem> {
  requireAdmin(ctx.identity);
  return loadItem(ctx.db, id);
}

async function move(trx: Kysely<DB>, ctx: Ctx, item: InboxItem, to: SettableInboxStatus): Promise<InboxItem> {
  if (item.status === to) return item;
  if (item.status === 'promoted') throw conflict(`Inbox item ${item.id} is already promoted; its status can no longer change`);
  if (!ALLOWED[item.status].includes(to)) throw conflict(`Inbox item ${item.id} cannot move from ${item.status} to ${to}`);
  await trx.updateTable('inbox_items').set({ status: to, decided_by: ctx.identity!.userId, decided_at: ctx.now() }).where('id', '=', item.id).execute();
  const after = await loadItem(trx, item.id);
  await recordUpdate(trx, ctx, 'inbox_item', item.id, item, after, 'status');
  return after;
}

/**
 * Sets an item's status: approve (`approved`), skip (`skipped`) or reopen (`pending`).
 * @throws DomainError NOT_FOUND, VALIDATION (`promoted`: use promote), CONFLICT (a promoted item, a move the table above forbids)
 */
export async function setInboxStatus(ctx: Ctx, id: string, status: SettableInboxStatus): Promise<InboxItem> {
  if (!(SETTABLE_INBOX_STATUSES as readonly string[]).includes(status)) {
    throw invalidParam('status', `must be one of ${SETTABLE_INBOX_STATUSES.join(', ')} (promotion has its own operation)`);
  }
  return adminWrite(ctx, async (trx, tctx) => move(trx, tctx, await loadItem(trx, id, true), status));
}

/** Convenience names of the workflow (the /v1 edition has one operation each). */
export const approveInboxItem = (ctx: Ctx, id: string) => setInboxStatus(ctx, id, 'approved');
export const skipInboxItem = (ctx: Ctx, id: string) => setInboxStatus(ctx, id, 'skipped');
export const reopenInboxItem = (ctx: Ctx, id: string) => setInboxStatus(ctx, id, 'pending');

/**
 * Skips every listed item that is pending or approved, in one transaction; others are left as they
 * are and reported. @returns the ids skipped and the ids left unchanged.
 */
export async function bulkSkipInboxItems(ctx: Ctx, ids: string[]): Promise<{ skipped: string[]; unchanged: string[] }> {
  return adminWrite(ctx, async (trx, tctx) => {
    const skipped: string[] = [];
    const unchanged: string[] = [];
    for (const id of [...new Set(ids)]) {
      const row = await trx.selectFrom('inbox_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      const item = row && toItem(row as unknown as Record<string, unknown>);
      if (!item || !(item.status === 'pending' || item.status === 'approved')) {
        unchanged.push(id);
        continue;
      }
      await move(trx, tctx, item, 'skipped');
      skipped.push(id);
    }
    return { skipped, unchanged };
  });
}

/** The target of a promotion: an edition by id or by number. */
export type PromotionTarget = { editionId: string } | { editionNumber: number };

/**
 * Turns an item into an article on a draft edition: headline from the title, content from the
 * excerpt, source from the item, taxonomy from the detected entities (unknown values are dropped).
 * The edition stays a draft, so nothing becomes public.
 * @throws DomainError NOT_FOUND (item), VALIDATION (no such edition), CONFLICT (already promoted; the edition is not a draft)
 */
export async function promoteInboxItem(ctx: Ctx, id: string, target: PromotionTarget): Promise<{ item: InboxItem; article: ArticleView }> {
  return adminWrite(ctx, async (trx, tctx) => {
    const item = await loadItem(trx, id, true);
    if (item.status === 'promoted') throw conflict(`Inbox item ${id} is already promoted (article ${item.promoted_article_id ?? 'since deleted'})`);
    if (item.status === 'skipped') throw conflict(`Inbox item ${id} is skipped; reopen it before promoting`);
    const edition = await trx.selectFrom('editions').select(['id', 'number', 'status'])
      .$if('editionId' in target, (q) => q.where('id', '=', (target as { editionId: string }).editionId))
      .$if('editionNumber' in target, (q) => q.where('number', '=', (target as { editionNumber: number }).editionNumber))
      .executeTakeFirst();
    const field = 'editionId' in target ? 'edition_id' : 'edition_number';
    if (!edition) throw invalidParam(field, 'no such edition');
    if (edition.status !== 'draft') {
      throw new DomainError('CONFLICT', `Edition ${edition.number} is ${edition.status}; promote into a draft edition so that nothing is published by promotion`);
    }
    const e = item.detected_entities;
    const known = async (table: 'topics' | 'tags', values: string[] | undefined) =>
      values?.length ? (await trx.selectFrom(table).select('slug').where('slug', 'in', values).execute()).map((r) => r.slug) : [];
    const airports = e.airports?.length ? (await trx.selectFrom('airports').select('iata').where('iata', 'in', e.airports.map((a) => a.toUpperCase())).execute()).map((r) => r.iata) : [];
    const region = e.region ? (await trx.selectFrom('regions').select('slug').where('slug', '=', e.region).executeTakeFirst())?.slug : undefined;
    const country = e.country ? (await trx.selectFrom('countries').select('code').where('code', '=', e.country.toUpperCase()).executeTakeFirst())?.code : undefined;
    const articleId = await insertArticle(trx, {
      edition_id: edition.id,
      headline: item.title,
      content: item.excerpt,
      source_name: item.source_name,
      source_url: item.url,
      topics: await known('topics', e.topics),
      tags: await known('tags', e.tags),
      airports,
      ...(country ? { country } : {}),
      ...(region ? { region } : {}),
    }, tctx.now());
    await trx.updateTable('inbox_items')
      .set({ status: 'promoted', promoted_article_id: articleId, decided_by: tctx.identity!.userId, decided_at: tctx.now() })
      .where('id', '=', id).execute();
    const after = await loadItem(trx, id);
    const article = await getArticleById(trx, articleId);
    await recordAudit(trx, tctx, { action: 'create', entity: 'article', entityId: articleId, after: article });
    await recordAudit(trx, tctx, { action: 'promote', entity: 'inbox_item', entityId: id, before: { status: item.status }, after: { status: 'promoted', promoted_article_id: articleId, edition_id: edition.id } });
    return { item: after, article };
  });
}

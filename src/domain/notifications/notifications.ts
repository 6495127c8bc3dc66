/**
 * The caller's notifications (`notifications`): the status-change feed of watched projects and the
 * in-app channel of alert rules. Needs `alerts` (seed 001 lists them under alerts; every plan has it).
 */
import { sql } from 'kysely';
import { callerOf, type Ctx } from '../context.js';
import { requireFeature } from '../entitlements.js';
import type { Window } from '../pagination.js';
import type { MarkReadInput } from './schemas.js';

/** A notification as the caller sees it. */
export interface NotificationView {
  id: string;
  kind: string;
  project_id: string | null;
  payload: Record<string, unknown>;
  read: boolean;
  created_at: Date;
}

/** The caller's unread count, from the partial index `notifications_unread_idx`. */
async function unreadOf(ctx: Ctx, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from notifications where user_id = ${userId}::uuid and read_at is null`.execute(ctx.db);
  return rows[0]?.n ?? 0;
}

/**
 * One window of the caller's notifications, newest first (`unreadOnly`: unread ones only), with the unread count.
 * @throws DomainError FORBIDDEN without `alerts`
 */
export async function listNotifications(ctx: Ctx, unreadOnly: boolean, window: Window): Promise<{ items: NotificationView[]; unread: number }> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  const rows = await ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', me.userId)
    .$if(unreadOnly, (qb) => qb.where('read_at', 'is', null))
    .orderBy('created_at', 'desc').orderBy('id').limit(window.limit).offset(window.offset).execute();
  const items = rows.map((r) => ({
    id: r.id, kind: r.kind, project_id: r.project_id, payload: (r.payload ?? {}) as Record<string, unknown>, read: r.read_at !== null, created_at: r.created_at,
  }));
  return { items, unread: await unreadOf(ctx, me.userId) };
}

/** The caller's unread count (the poll call). @throws DomainError FORBIDDEN without `alerts` */
export async function countUnreadNotifications(ctx: Ctx): Promise<{ unread: number }> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  return { unread: await unreadOf(ctx, me.userId) };
}

/**
 * Marks the caller's notifications `ids` (or all) read; ids of others or unknown are ignored.
 * @returns how many changed and the unread count after
 * @throws DomainError FORBIDDEN without `alerts`
 */
export async function markNotificationsRead(ctx: Ctx, input: MarkReadInput): Promise<{ marked: number; unread: number }> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  let q = ctx.db.updateTable('notifications').set({ read_at: ctx.now() }).where('user_id', '=', me.userId).where('read_at', 'is', null);
  if (!input.all) q = q.where('id', 'in', input.ids ?? []);
  const res = input.all || input.ids?.length ? await q.executeTakeFirst() : { numUpdatedRows: 0n };
  return { marked: Number(res.numUpdatedRows), unread: await unreadOf(ctx, me.userId) };
}

/**
 * The audit log: every admin write records who, when, which record and the fields that changed,
 * before and after. `recordAudit` runs inside the write's own transaction, so a write and its audit
 * entry commit or roll back together: nothing an admin does is lost silently, and a failed request
 * leaves neither.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';

/** What an admin did. */
export type AuditAction = 'create' | 'update' | 'delete' | 'publish' | 'promote' | 'status' | 'send';
/** Which kind of record. */
export type AuditEntity = 'edition' | 'article' | 'project' | 'tender' | 'inbox_item' | 'newsletter_send';

type Json = Record<string, unknown>;

/** One entry as read back. */
export interface AuditEntry {
  id: number;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Json | null;
  after: Json | null;
  request_id: string | null;
  /** ISO instant */
  created_at: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` whose value differs from `before`, as `{ before, after }` holding only those
 * fields; `null` when nothing changed.
 */
export function changedFields(before: Json, after: Json): { before: Json; after: Json } | null {
  const b: Json = {};
  const a: Json = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updated_at') continue;
    if (!same(before[key], after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** Makes a record JSON-safe (dates as ISO strings) for the audit columns. */
export const snapshot = (record: object | null | undefined): Json | null =>
  record ? (JSON.parse(JSON.stringify(record)) as Json) : null;

/** Writes one audit entry; call it with the transaction of the write it records. */
export async function recordAudit(
  trx: Kysely<DB>,
  ctx: Ctx,
  entry: { action: AuditAction; entity: AuditEntity; entityId: string; before?: object | null; after?: object | null },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: ctx.identity?.userId ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before ? JSON.stringify(snapshot(entry.before)) : null,
      after: entry.after ? JSON.stringify(snapshot(entry.after)) : null,
      request_id: ctx.requestId,
    })
    .execute();
}

/** Records an update as its changed fields only; records nothing when nothing changed. */
export async function recordUpdate(trx: Kysely<DB>, ctx: Ctx, entity: AuditEntity, entityId: string, before: object, after: object, action: AuditAction = 'update'): Promise<void> {
  const diff = changedFields(snapshot(before)!, snapshot(after)!);
  if (diff) await recordAudit(trx, ctx, { action, entity, entityId, before: diff.before, after: diff.after });
}

/** Filters of the audit list. */
export interface AuditFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
}

/** Audit entries, newest first. */
export async function listAudit(ctx: Ctx, filter: AuditFilter, window: Window): Promise<Page<AuditEntry>> {
  requireAdmin(ctx.identity);
  const base = ctx.db
    .selectFrom('audit_log as l')
    .$if(filter.entity !== undefined, (q) => q.where('l.entity', '=', filter.entity!))
    .$if(filter.entityId !== undefined, (q) => q.where('l.entity_id', '=', filter.entityId!))
    .$if(filter.action !== undefined, (q) => q.where('l.action', '=', filter.action!))
    .$if(filter.actorUserId !== undefined, (q) => q.where('l.actor_user_id', '=', filter.actorUserId!));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'l.actor_user_id')
      .select(['l.id', 'l.actor_user_id', 'u.email as actor_email', 'l.action', 'l.entity', 'l.entity_id', 'l.before', 'l.after', 'l.request_id', 'l.created_at'])
      .orderBy('l.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, id: Number(r.id), before: r.before as Json | null, after: r.after as Json | null, created_at: new Date(r.created_at as unknown as string).toISOString() })),
    total: count.n,
  };
}

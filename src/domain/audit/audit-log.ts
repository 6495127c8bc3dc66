/**
 * The audit log: every admin write records who, when, which record and the fields that changed,
 * before and after. `recordAudit` runs inside the write's own transaction, so a write and its audit
 * entry commit or roll back together: nothing an admin does is lost silently, and a failed request
 * leaves neither. Reading it back: list-audit-entries.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';

/** What an admin did. */
export type AuditAction = 'create' | 'update' | 'delete' | 'publish' | 'promote' | 'status' | 'send' | 'merge'
  // a person's own account (docs/sessions.md)
  | 'sign_up' | 'sign_in' | 'sign_out' | 'password_change' | 'password_remove' | 'password_reset' | 'revoke';
/** Which kind of record. */
export type AuditEntity = 'edition' | 'article' | 'project' | 'tender' | 'inbox_item' | 'newsletter_send' | 'news_source' | 'media' | 'calendar_event' | 'procurement_review' | 'company'
  | 'session' | 'user' | 'sso_configuration' | 'api_key';

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
    if (key === 'updated_at' || key === 'record_version') continue;
    if (!same(before[key], after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** Makes a record JSON-safe (dates as ISO strings) for the audit columns, without the row version (`record_version`, decision 0050). */
export const snapshot = (record: object | null | undefined): Json | null =>
  record ? (JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'record_version' ? undefined : value))) as Json) : null;

/** Writes one audit entry; call it with the transaction of the write it records. */
export async function recordAudit(
  trx: Kysely<DB>,
  ctx: Ctx,
  entry: {
    action: AuditAction; entity: AuditEntity; entityId: string; before?: object | null; after?: object | null;
    /** The acting user when the context has no identity yet (a sign-in); default the caller's. */
    actorUserId?: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId !== undefined ? entry.actorUserId : ctx.identity?.userId ?? null,
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

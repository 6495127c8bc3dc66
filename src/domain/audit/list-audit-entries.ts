import { sql } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import type { AuditEntry } from './audit-log.js';
import type { AuditFilter } from './schemas.js';

type Json = Record<string, unknown>;

/**
 * Audit entries, newest first. Administrators only (the check lives here, not in a face).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function listAuditEntries(ctx: Ctx, filter: AuditFilter, window: Window): Promise<Page<AuditEntry>> {
  requireAdmin(ctx.identity);
  const base = ctx.db
    .selectFrom('audit_log as l')
    .$if(filter.entity !== undefined, (q) => q.where('l.entity', '=', filter.entity!))
    .$if(filter.entity_id !== undefined, (q) => q.where('l.entity_id', '=', filter.entity_id!))
    .$if(filter.action !== undefined, (q) => q.where('l.action', '=', filter.action!))
    .$if(filter.actor_user_id !== undefined, (q) => q.where('l.actor_user_id', '=', filter.actor_user_id!));
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

/**
 * Skipping many inbox items at once (administrators): a list of ids, or every item matching a
 * filter. Only items the state machine lets move to `skipped` (repository.ts: pending, approved)
 * move; the others are counted as unchanged. One transaction; one audit entry per item skipped.
 */
import { sql, type SqlBool } from 'kysely';
import { adminWrite } from '../admin/admin.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { allOf } from '../shared/sql-filters.js';
import { inboxConditions } from './filter.js';
import { statusesMovableTo, toItem } from './repository.js';
import type { BulkSkipInput } from './schemas.js';

/** What a bulk skip did. */
export interface BulkSkipResult {
  /** Items moved to `skipped`. */
  skipped: number;
  /** Their ids. */
  ids: string[];
  /** Items named by id that stayed as they were (already skipped, or promoted); 0 for a filter. */
  unchanged: number;
}

/**
 * Skips the items `input.ids` names (every one must exist), or every item matching `input.filter`.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, VALIDATION (an unknown id, naming `ids`; `date_to` before `date_from`)
 */
export async function bulkSkipInboxItems(ctx: Ctx, input: BulkSkipInput): Promise<BulkSkipResult> {
  return adminWrite(ctx, async (trx, tctx) => {
    const movable = statusesMovableTo('skipped');
    // A filter reaches only the items that can move; named ids are each accounted for.
    const where = input.ids
      ? [sql<SqlBool>`id = any(${[...new Set(input.ids.map((i) => i.toLowerCase()))]}::uuid[])`]
      : [...inboxConditions(input.filter ?? {}), sql<SqlBool>`status = any(${movable}::text[])`];
    const rows = await trx.selectFrom('inbox_items').selectAll().$if(where.length > 0, (q) => q.where(allOf(where))).orderBy('id').forUpdate().execute();
    if (input.ids) {
      const found = new Set(rows.map((r) => r.id));
      const missing = input.ids.find((i) => !found.has(i.toLowerCase()));
      if (missing) throw invalidParam('ids', `no inbox item ${missing}`);
    }
    const before = rows.map((r) => toItem(r as unknown as Record<string, unknown>));
    const moving = before.filter((i) => movable.includes(i.status));
    if (moving.length) {
      const updated = await trx.updateTable('inbox_items')
        .set({ status: 'skipped', decided_by: tctx.identity!.userId, decided_at: tctx.now() })
        .where('id', 'in', moving.map((i) => i.id)).returningAll().execute();
      const after = new Map(updated.map((r) => [r.id, toItem(r as unknown as Record<string, unknown>)]));
      for (const item of moving) await recordUpdate(trx, tctx, 'inbox_item', item.id, item, after.get(item.id)!, 'status');
    }
    return { skipped: moving.length, ids: moving.map((i) => i.id), unchanged: before.length - moving.length };
  });
}

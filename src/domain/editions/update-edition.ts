/**
 * Updating an edition (administrators; audited): metadata, executive summary, status. A status
 * change recomputes the rollups (repository.ts: `recomputeRollupsOfEdition`).
 */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { recomputeRollupsOfEdition } from '../sql/rollups.js';
import { assertNumberFree, jsonb, loadEdition, type EditionView } from './repository.js';
import type { EditionInput } from './schemas.js';

/**
 * Updates metadata, executive summary and/or status; a status change recomputes the rollups. The
 * edition's row is locked for the transaction, so concurrent writes of one edition take turns and
 * each audits the change it really made. A `publish` of an edition that is already published
 * changes nothing (no write, no rollup recompute, no audit entry) and returns it as it is.
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is
 *   refused (decision 0050)
 * @throws DomainError NOT_FOUND, CONFLICT (number taken, also by a concurrent write; the edition
 *   changed since the version `options.ifMatch` names)
 */
export async function updateEdition(
  ctx: Ctx, id: string, input: EditionInput, action: 'update' | 'publish' = 'update', options: { ifMatch?: IfMatch } = {},
): Promise<EditionView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'editions', id);
    const before = await loadEdition(trx, id);
    checkIfMatch(`Edition ${id}`, before.record_version, options.ifMatch);
    if (action === 'publish' && before.status === 'published') return before;
    if (input.number !== undefined && input.number !== before.number) await assertNumberFree(trx, input.number, id);
    const set: Record<string, unknown> = {};
    if (input.number !== undefined) set.number = input.number;
    if (input.publish_date !== undefined) set.publish_date = input.publish_date;
    if (input.status !== undefined) set.status = input.status;
    if (input.summary !== undefined) set.summary = input.summary;
    if (input.top_developments !== undefined) set.top_developments = jsonb(input.top_developments);
    if (input.key_trends !== undefined) set.key_trends = jsonb(input.key_trends);
    if (input.regional_highlights !== undefined) set.regional_highlights = jsonb(input.regional_highlights);
    if (input.key_metrics !== undefined) set.key_metrics = jsonb(input.key_metrics);
    if (input.status === 'published' && before.status !== 'published') set.published_at = tctx.now();
    if (Object.keys(set).length) {
      await trx.updateTable('editions').set({ ...set, updated_at: tctx.now() }).where('id', '=', id).execute();
    }
    // Publish recomputes (the seed: "publish; recompute rollups"); other updates when the status moves.
    if (action === 'publish' || (input.status !== undefined && input.status !== before.status)) await recomputeRollupsOfEdition(trx, id);
    const after = await loadEdition(trx, id);
    await recordUpdate(trx, tctx, 'edition', id, before, after, action);
    return after;
  });
}


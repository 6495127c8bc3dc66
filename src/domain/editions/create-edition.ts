/** Creating an edition (administrators; audited). */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { assertNumberFree, jsonb, loadEdition, type EditionView } from './repository.js';
import type { EditionCreateInput } from './schemas.js';

/**
 * Creates an edition, a draft unless `status` says otherwise.
 * @throws DomainError CONFLICT when the number exists
 */
export async function createEdition(ctx: Ctx, input: EditionCreateInput): Promise<EditionView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await assertNumberFree(trx, input.number);
    const status = input.status ?? 'draft';
    const row = await trx.insertInto('editions').values({
      number: input.number,
      publish_date: input.publish_date,
      status,
      summary: input.summary ?? '',
      top_developments: jsonb(input.top_developments ?? []),
      key_trends: jsonb(input.key_trends ?? []),
      regional_highlights: jsonb(input.regional_highlights ?? []),
      key_metrics: jsonb(input.key_metrics ?? []),
      published_at: status === 'published' ? tctx.now() : null,
    }).returning('id').executeTakeFirstOrThrow();
    const created = await loadEdition(trx, row.id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'edition', entityId: row.id, after: created });
    return created;
  });
}


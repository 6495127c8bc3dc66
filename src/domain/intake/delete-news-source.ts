import type { Ctx } from '../context.js';
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound } from '../errors.js';
import { sourceVersion, toSource, type NewsSource } from './sources-repository.js';

/**
 * Deletes a news source; its inbox items stay (their `source_id` becomes null, `source_name` keeps the name). Returns the source as it was.
 * @throws DomainError NOT_FOUND, UNAUTHENTICATED, FORBIDDEN
 */
export async function deleteNewsSource(ctx: Ctx, id: string): Promise<NewsSource> {
  return adminWrite(ctx, async (trx, tctx) => {
    const row = await trx.deleteFrom('news_sources').where('id', '=', id).returningAll().returning(sourceVersion).executeTakeFirst();
    if (!row) throw notFound(`News source ${id}`);
    const before = toSource(row);
    await recordAudit(trx, tctx, { action: 'delete', entity: 'news_source', entityId: id, before });
    return before;
  });
}

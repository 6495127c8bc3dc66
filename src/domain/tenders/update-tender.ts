/**
 * Updating a tender (administrators): any field; place and `value_usd` derived again from the
 * merged record; lists replace the whole set; the change audited (before and after) in the same
 * transaction. The stored status is open, closed, awarded or cancelled; `closing_soon` is derived
 * when read.
 */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findTenderView, newTenderOf, replaceTenderTerms, tenderColumns, type TenderView } from './repository.js';
import type { TenderInput, TenderType } from './schemas.js';
import type { StoredTenderStatus } from './tender-status.js';

/**
 * Changes the fields `input` gives of tender `id` (any state); absent fields keep their value. A new
 * country without a new airport drops the airport; a new airport sets the country.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION
 *   (unknown airport, country, category), CONFLICT (the tender changed since the
 *   version `options.ifMatch` names: decision 0050)
 */
export async function updateTender(ctx: Ctx, id: string, input: TenderInput, options: { ifMatch?: IfMatch } = {}): Promise<TenderView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const now = tctx.now();
    await lockRecord(trx, 'tenders', id);
    const before = await findTenderView(trx, id, now, { anyState: true });
    if (!before) throw notFound(`Tender ${id}`);
    checkIfMatch(`Tender ${id}`, before.record_version, options.ifMatch);
    const row = await trx.selectFrom('tenders as t').leftJoin('airports as a', 'a.id', 't.airport_id').selectAll('t').select('a.iata').where('t.id', '=', id).executeTakeFirstOrThrow();
    const pick = <K extends keyof TenderInput>(k: K, current: TenderInput[K]) => (input[k] !== undefined ? input[k] : current);
    const iata = input.iata_code !== undefined ? input.iata_code : input.country_code !== undefined ? null : row.iata;
    const merged = newTenderOf({
      title: pick('title', row.title)!,
      description: pick('description', row.description),
      reference: pick('reference', row.reference),
      buyer: pick('buyer', row.buyer_name)!,
      iata_code: iata,
      country_code: pick('country_code', row.country_code),
      type: pick('type', row.tender_type as TenderType)!,
      status: pick('status', row.status as StoredTenderStatus)!,
      published_at: pick('published_at', String(row.published_on))!,
      deadline: pick('deadline', row.deadline ? new Date(row.deadline as unknown as string).toISOString() : null),
      estimated_value: pick('estimated_value', row.estimated_value),
      currency: pick('currency', row.currency),
      source_name: pick('source_name', row.source_name),
      source_url: pick('source_url', row.source_url),
      awarded_to: pick('awarded_to', row.awarded_to),
      awarded_on: pick('awarded_on', row.awarded_on === null ? null : String(row.awarded_on)),
    });
    const { columns, airportId } = await tenderColumns(trx, merged, now);
    await trx.updateTable('tenders').set({ ...columns, ...(input.published !== undefined ? { published: input.published } : {}), updated_at: now }).where('id', '=', id).execute();
    if (input.iata_code !== undefined || input.country_code !== undefined) {
      await trx.deleteFrom('tender_airports').where('tender_id', '=', id).execute();
      if (airportId) await trx.insertInto('tender_airports').values({ tender_id: id, airport_id: airportId }).execute();
    }
    await replaceTenderTerms(trx, id, input);
    const after = (await findTenderView(trx, id, now, { anyState: true }))!;
    await recordUpdate(trx, tctx, 'tender', id, before, after);
    return after;
  });
}

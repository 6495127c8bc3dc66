/**
 * Admin operations on tenders: create, update (any field; place and USD value re-derived), delete.
 * Each write is audited in its own transaction. The stored status is open, closed, awarded or
 * cancelled; `closing_soon` is derived from the deadline when read.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite } from '../admin/admin.js';
import { resolveTags, resolveTopics } from '../admin/taxonomy.js';
import { recordAudit, recordUpdate } from '../audit/audit-log.js';
import { utcDay } from '../clock.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { selectTenderViews, type TenderView } from './tender-query.js';
import type { TenderType } from './tender-status.js';
import { insertTender, tenderColumns, type NewTender } from './write-tenders.js';

export const STORED_TENDER_STATUSES = ['open', 'closed', 'awarded', 'cancelled'] as const;
export type StoredTenderStatus = (typeof STORED_TENDER_STATUSES)[number];

/** Fields an admin may set, named as in the tender record. Lists replace the whole set. */
export interface TenderInput {
  title?: string | undefined;
  description?: string | undefined;
  reference?: string | null | undefined;
  buyer?: string | undefined;
  iata_code?: string | null | undefined;
  country_code?: string | null | undefined;
  type?: TenderType | undefined;
  status?: StoredTenderStatus | undefined;
  /** `YYYY-MM-DD` */
  published_at?: string | undefined;
  /** ISO instant */
  deadline?: string | null | undefined;
  estimated_value?: number | null | undefined;
  currency?: string | null | undefined;
  source_name?: string | null | undefined;
  source_url?: string | null | undefined;
  awarded_to?: string | null | undefined;
  awarded_on?: string | null | undefined;
  /** topic slugs or names */
  categories?: string[] | undefined;
  tags?: string[] | undefined;
}

/** One tender in any state, with bidders. @throws DomainError NOT_FOUND */
export async function getTenderById(db: Kysely<DB>, id: string, now: Date): Promise<TenderView> {
  const t = (await selectTenderViews(db, sql<SqlBool>`t.id = ${id}::uuid`, now).executeTakeFirst()) as TenderView | undefined;
  if (!t) throw notFound(`Tender ${id}`);
  return t;
}

type Full = TenderInput & { title: string; buyer: string; type: TenderType; status: StoredTenderStatus; published_at: string };

const toNew = (i: Full): NewTender => ({
  title: i.title,
  description: i.description,
  reference: i.reference,
  buyerName: i.buyer,
  iata: i.iata_code,
  countryCode: i.country_code,
  type: i.type,
  status: i.status,
  publishedOn: i.published_at,
  deadline: i.deadline ? new Date(i.deadline) : null,
  estimatedValue: i.estimated_value,
  currency: i.currency,
  sourceName: i.source_name,
  sourceUrl: i.source_url,
  awardedTo: i.awarded_to,
  awardedOn: i.awarded_on,
});

async function replaceTerms(trx: Kysely<DB>, id: string, input: TenderInput): Promise<void> {
  if (input.categories) {
    const ids = await resolveTopics(trx, input.categories, 'categories');
    await trx.deleteFrom('tender_topics').where('tender_id', '=', id).execute();
    if (ids.length) await trx.insertInto('tender_topics').values(ids.map((topic_id) => ({ tender_id: id, topic_id }))).execute();
  }
  if (input.tags) {
    const ids = await resolveTags(trx, input.tags);
    await trx.deleteFrom('tender_tags').where('tender_id', '=', id).execute();
    if (ids.length) await trx.insertInto('tender_tags').values(ids.map((tag_id) => ({ tender_id: id, tag_id }))).execute();
  }
}

/** Creates a tender (status open, published today unless given). @throws DomainError VALIDATION */
export async function createTender(ctx: Ctx, input: TenderInput & { title: string; buyer: string; type: TenderType }): Promise<TenderView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const id = await insertTender(trx, toNew({ ...input, status: input.status ?? 'open', published_at: input.published_at ?? utcDay(tctx.now()) }));
    await replaceTerms(trx, id, input);
    const after = await getTenderById(trx, id, tctx.now());
    await recordAudit(trx, tctx, { action: 'create', entity: 'tender', entityId: id, after });
    return after;
  });
}

/** Updates a tender. @throws DomainError NOT_FOUND, VALIDATION */
export async function updateTender(ctx: Ctx, id: string, input: TenderInput): Promise<TenderView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await getTenderById(trx, id, tctx.now());
    const row = await trx.selectFrom('tenders as t').leftJoin('airports as a', 'a.id', 't.airport_id').selectAll('t').select('a.iata').where('t.id', '=', id).executeTakeFirstOrThrow();
    const pick = <K extends keyof TenderInput>(k: K, current: TenderInput[K]) => (input[k] !== undefined ? input[k] : current);
    // A new country without a new airport drops the airport; a new airport sets the country.
    const iata = input.iata_code !== undefined ? input.iata_code : input.country_code !== undefined ? null : row.iata;
    const merged = toNew({
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
    const { columns, airportId } = await tenderColumns(trx, merged);
    await trx.updateTable('tenders').set({ ...columns, updated_at: tctx.now() }).where('id', '=', id).execute();
    if (input.iata_code !== undefined || input.country_code !== undefined) {
      await trx.deleteFrom('tender_airports').where('tender_id', '=', id).execute();
      if (airportId) await trx.insertInto('tender_airports').values({ tender_id: id, airport_id: airportId }).execute();
    }
    await replaceTerms(trx, id, input);
    const after = await getTenderById(trx, id, tctx.now());
    await recordUpdate(trx, tctx, 'tender', id, before, after);
    return after;
  });
}

/** Deletes a tender and its bidders. @throws DomainError NOT_FOUND */
export async function deleteTender(ctx: Ctx, id: string): Promise<void> {
  await adminWrite(ctx, async (trx, tctx) => {
    const before = await getTenderById(trx, id, tctx.now());
    await trx.deleteFrom('tenders').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'tender', entityId: id, before });
  });
}

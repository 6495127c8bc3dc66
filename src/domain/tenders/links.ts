/**
 * The entity links of a tender (airports, companies, topics standing in for categories, tags): the
 * read of all of them and the writes that replace one set, shared by get-tender-links.ts and
 * set-tender-*.ts. The tender's main airport (`airport_id`, which sets its country and region) is
 * always one of its airports: a new set without it makes the first airport of the set the main one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, lockRecord } from '../admin/admin.js';
import { resolveAirports, resolveTags, resolveTopics } from '../admin/taxonomy.js';
import { recordUpdate } from '../audit/audit-log.js';
import { resolveCompanyRefs } from '../companies/index.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { refValue, type AirportRef, type CompanyRef, type LinkedAirport, type LinkedTerm, type TermSetInput } from '../shared/link-refs.js';

/** Every link of a tender, as `GET /v1/admin/tenders/{id}/links` returns it. */
export interface TenderLinks {
  /** The main airport first, then by IATA code. */
  airports: (LinkedAirport & { is_main: boolean })[];
  companies: { id: string; name: string }[];
  /** The categories. */
  topics: LinkedTerm[];
  tags: LinkedTerm[];
}

/** The links of tender `id` (which must exist). */
export async function selectTenderLinks(db: Kysely<DB>, id: string): Promise<TenderLinks> {
  const [main, airports, companies, topics, tags] = await Promise.all([
    db.selectFrom('tenders').select('airport_id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('tender_airports as x').innerJoin('airports as a', 'a.id', 'x.airport_id')
      .select(['a.id', 'a.iata as iata_code', 'a.name']).where('x.tender_id', '=', id).orderBy('a.iata').execute(),
    db.selectFrom('tender_companies as x').innerJoin('companies as c', 'c.id', 'x.company_id')
      .select(['c.id', 'c.name']).where('x.tender_id', '=', id).orderBy('c.name').execute(),
    db.selectFrom('tender_topics as x').innerJoin('topics as t', 't.id', 'x.topic_id')
      .select(['t.slug', 't.name']).where('x.tender_id', '=', id).orderBy('t.slug').execute(),
    db.selectFrom('tender_tags as x').innerJoin('tags as t', 't.id', 'x.tag_id')
      .select(['t.slug', 't.name']).where('x.tender_id', '=', id).orderBy('t.slug').execute(),
  ]);
  const withMain = airports.map((a) => ({ ...a, iata_code: String(a.iata_code), is_main: a.id === main?.airport_id }));
  withMain.sort((a, b) => Number(b.is_main) - Number(a.is_main));
  return { airports: withMain, companies, topics, tags };
}

/**
 * Replaces the airports of tender `id`; when the main airport is not among them the first becomes
 * the main airport (its country and region become the tender's); an empty set clears the airport and
 * keeps the country. @throws DomainError VALIDATION naming `airports`
 */
export async function replaceTenderAirports(trx: Kysely<DB>, id: string, refs: AirportRef[]): Promise<void> {
  const ids = [...new Set(await resolveAirports(trx, refs.map(refValue), 'airports'))];
  await trx.deleteFrom('tender_airports').where('tender_id', '=', id).execute();
  if (ids.length) await trx.insertInto('tender_airports').values(ids.map((airport_id) => ({ tender_id: id, airport_id }))).execute();
  const row = await trx.selectFrom('tenders').select('airport_id').where('id', '=', id).executeTakeFirstOrThrow();
  if (row.airport_id && ids.includes(row.airport_id)) return;
  if (!ids.length) {
    await trx.updateTable('tenders').set({ airport_id: null }).where('id', '=', id).execute();
    return;
  }
  await sql`update tenders t set airport_id = a.id, country_code = a.country_code, region_slug = c.region_slug
              from airports a join countries c on c.code = a.country_code where a.id = ${ids[0]}::uuid and t.id = ${id}::uuid`.execute(trx);
}

/** Replaces the companies of tender `id` (ids, names or aliases). @throws DomainError VALIDATION naming `companies` */
export async function replaceTenderCompanies(trx: Kysely<DB>, id: string, refs: CompanyRef[]): Promise<void> {
  const ids = [...new Set(await resolveCompanyRefs(trx, refs.map(refValue), 'companies'))];
  await trx.deleteFrom('tender_companies').where('tender_id', '=', id).execute();
  if (ids.length) await trx.insertInto('tender_companies').values(ids.map((company_id) => ({ tender_id: id, company_id }))).execute();
}

/** Replaces the topics (categories) and tags of tender `id` (a list left out keeps its links). @throws DomainError VALIDATION naming `topics` */
export async function replaceTenderTermSet(trx: Kysely<DB>, id: string, input: TermSetInput): Promise<void> {
  if (input.topics) {
    const ids = await resolveTopics(trx, input.topics.map(refValue), 'topics');
    await trx.deleteFrom('tender_topics').where('tender_id', '=', id).execute();
    if (ids.length) await trx.insertInto('tender_topics').values(ids.map((topic_id) => ({ tender_id: id, topic_id }))).execute();
  }
  if (input.tags) {
    const ids = [...new Set(await resolveTags(trx, input.tags.map(refValue), 'tags'))];
    await trx.deleteFrom('tender_tags').where('tender_id', '=', id).execute();
    if (ids.length) await trx.insertInto('tender_tags').values(ids.map((tag_id) => ({ tender_id: id, tag_id }))).execute();
  }
}

/**
 * Runs `change` on tender `id`'s links as an administrator, in one transaction with the tender
 * locked, bumps `updated_at`, records the change (links before and after) in the audit log and
 * returns the links as stored. @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND; whatever `change` throws
 */
export async function writeTenderLinks(ctx: Ctx, id: string, change: (trx: Kysely<DB>) => Promise<void>): Promise<TenderLinks> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, 'tenders', id))) throw notFound(`Tender ${id}`);
    const before = await selectTenderLinks(trx, id);
    await change(trx);
    const after = await selectTenderLinks(trx, id);
    await trx.updateTable('tenders').set({ updated_at: tctx.now() }).where('id', '=', id).execute();
    await recordUpdate(trx, tctx, 'tender', id, before, after);
    return after;
  });
}

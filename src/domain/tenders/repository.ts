/**
 * The tenders' queries: the filter as SQL at an instant, the sorts, the `TenderView` select (status
 * and days to deadline derived at that instant, src/domain/tenders/tender-status.ts),
 * and the writes (stored columns, insert, links). Shared by every operation of
 * src/domain/tenders/ and by the sample loader.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/types.js';
import { resolveTags, resolveTopics } from '../sql/vocabulary.js';
import type { LinkedTerm as Term } from '../shared/link-refs.js';
import { invalidParam } from '../errors.js';
import { countryContains, hasTerm, hasTopicOrTag, regionContains, regionIn, termsJson } from '../shared/sql-filters.js';
import { toUsd } from '../shared/fx.js';
import type { TenderFilter, TenderInput, TenderSort, TenderType } from './schemas.js';
import { derivedTenderStatus, type StoredTenderStatus, type TenderStatus } from './tender-status.js';
import { recordVersion } from '../sql/record-version.js';

/** A tender as callers see it. */
export interface TenderView {
  id: string;
  title: string;
  description: string;
  reference: string | null;
  buyer_name: string;
  airport_name: string | null;
  iata_code: string | null;
  country_code: string | null;
  country_name: string | null;
  region_slug: string | null;
  region_name: string | null;
  tender_type: TenderType;
  status: TenderStatus;
  /** `YYYY-MM-DD` */
  published_on: string;
  deadline: Date | null;
  /** Whole days from now to the deadline (negative once passed); `null` without a deadline. */
  days_to_deadline: number | null;
  /** In `currency` units. */
  estimated_value: number | null;
  currency: string | null;
  /** Whole US dollars. */
  value_usd: number | null;
  source_name: string | null;
  source_url: string | null;
  awarded_to: string | null;
  awarded_on: string | null;
  /** Whether readers see it (admins see every tender). */
  published: boolean;
  airport_id: string | null;
  updated_at: Date;
  /** The stored row's version (an MD5 of the row as text): the admin faces' ETag (decision 0050). */
  record_version: string;
  topics: Term[];
  tags: Term[];
  bidders: { name: string; outcome: string }[];
}

/** The SQL conditions of `filter` over `tenders t` (published notices only), at the instant `now`. */
export function tenderConditions(filter: TenderFilter, now: Date): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`t.published`];
  if (filter.q) where.push(sql<SqlBool>`t.search_vector @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.regionContains) where.push(regionContains('t.region_slug', filter.regionContains));
  if (filter.region) where.push(regionIn('t.region_slug', [filter.region]));
  if (filter.countryContains) where.push(countryContains('t.country_code', filter.countryContains));
  if (filter.country) where.push(sql<SqlBool>`t.country_code = ${filter.country.toUpperCase()}`);
  if (filter.category) where.push(hasTerm('tender', 'topic', [filter.category], 't'));
  for (const term of filter.terms ?? []) where.push(hasTopicOrTag('tender', term, 't'));
  if (filter.type) where.push(sql<SqlBool>`t.tender_type = ${filter.type}`);
  if (filter.statuses) where.push(sql<SqlBool>`${derivedTenderStatus(now)} = any(${filter.statuses}::text[])`);
  if (filter.deadlineWithinDays !== undefined) {
    where.push(sql<SqlBool>`t.deadline >= ${now}::timestamptz and t.deadline <= ${now}::timestamptz + make_interval(days => ${filter.deadlineWithinDays})`);
  }
  if (filter.companyIds) {
    where.push(sql<SqlBool>`(t.buyer_company_id = any(${filter.companyIds}::uuid[])
      or exists (select 1 from tender_companies x where x.tender_id = t.id and x.company_id = any(${filter.companyIds}::uuid[]))
      or exists (select 1 from tender_bidders b where b.tender_id = t.id and b.company_id = any(${filter.companyIds}::uuid[])))`);
  }
  if (filter.updatedSince) where.push(sql<SqlBool>`t.updated_at > ${filter.updatedSince}::timestamptz`);
  return where;
}

/** ORDER BY of a sort; every order ends with the id so pages are stable. */
export function tenderOrder(sort: TenderSort): RawBuilder<unknown> {
  switch (sort) {
    case 'deadline_desc':
      return sql`t.deadline desc nulls last, t.id`;
    case 'value_desc':
      return sql`t.value_usd desc nulls last, t.deadline asc nulls last, t.id`;
    case 'published_desc':
      return sql`t.published_on desc, t.id`;
    default:
      return sql`t.deadline asc nulls last, t.id`;
  }
}

/** Selects `TenderView` rows of the tenders `t` that satisfy `where`, with status and days to deadline at `now`. */
export function selectTenderViews(db: Kysely<DB>, where: RawBuilder<SqlBool>, now: Date) {
  return db
    .selectFrom('tenders as t')
    .leftJoin('airports as ap', 'ap.id', 't.airport_id')
    .leftJoin('countries as c', 'c.code', 't.country_code')
    .leftJoin('regions as r', 'r.slug', 't.region_slug')
    .where(where)
    .select((eb) => [
      't.id', 't.title', 't.description', 't.reference', 't.buyer_name', 'ap.name as airport_name', 'ap.iata as iata_code',
      't.country_code', 'c.name as country_name', 't.region_slug', 'r.name as region_name', 't.tender_type',
      derivedTenderStatus(now).as('status'), 't.published_on', 't.deadline',
      sql<number | null>`floor(extract(epoch from (t.deadline - ${now}::timestamptz)) / 86400)::int`.as('days_to_deadline'),
      't.estimated_value', 't.currency', 't.value_usd', 't.source_name', 't.source_url', 't.awarded_to', 't.awarded_on', 't.published', 't.airport_id', 't.updated_at', recordVersion('t').as('record_version'),
      termsJson('tender', 'topic', 't').as('topics'),
      termsJson('tender', 'tag', 't').as('tags'),
      jsonArrayFrom(
        eb.selectFrom('tender_bidders as b').select(['b.bidder_name as name', 'b.outcome'])
          .whereRef('b.tender_id', '=', 't.id').orderBy('b.bidder_name'),
      ).as('bidders'),
    ])
    .$narrowType<{ tender_type: TenderType }>();
}

/** The tender `id` at the instant `now`: published ones only unless `anyState`; `undefined` when there is none. */
export async function findTenderView(db: Kysely<DB>, id: string, now: Date, { anyState = false } = {}): Promise<TenderView | undefined> {
  const where = anyState ? sql<SqlBool>`t.id = ${id}::uuid` : sql<SqlBool>`t.id = ${id}::uuid and t.published`;
  return selectTenderViews(db, where, now).executeTakeFirst();
}

// ------------------------------------------------------------------ writing

/** A tender to create. Term ids must exist. */
export interface NewTender {
  title: string;
  description?: string | undefined;
  reference?: string | null | undefined;
  buyerName: string;
  buyerCompanyId?: string | null | undefined;
  /** IATA code; its country and region fill the place fields. */
  iata?: string | null | undefined;
  /** ISO 3166-1 alpha-2, needed when there is no airport. */
  countryCode?: string | null | undefined;
  type: TenderType;
  /** Stored status: open, closed, awarded or cancelled. */
  status: StoredTenderStatus;
  /** `YYYY-MM-DD` */
  publishedOn: string;
  deadline?: Date | null | undefined;
  estimatedValue?: number | null | undefined;
  currency?: string | null | undefined;
  sourceName?: string | null | undefined;
  sourceUrl?: string | null | undefined;
  awardedTo?: string | null | undefined;
  awardedOn?: string | null | undefined;
  topicIds?: string[] | undefined;
  tagIds?: string[] | undefined;
  bidders?: { name: string; outcome: string; companyId?: string | null }[] | undefined;
}

/**
 * The stored columns of a tender: country and region from the airport (or the country), `value_usd`
 * from `fx_rates`. Shared by insert and the admin update.
 * @param now the current instant (`ctx.now()`)
 * @throws DomainError VALIDATION for an unknown airport or country
 */
export async function tenderColumns(trx: Kysely<DB>, input: NewTender, now: Date) {
  let airportId: string | null = null;
  let countryCode = input.countryCode?.toUpperCase() ?? null;
  if (input.iata) {
    const airport = await trx.selectFrom('airports').select(['id', 'country_code']).where('iata', '=', input.iata.toUpperCase()).executeTakeFirst();
    if (!airport) throw invalidParam('iata_code', `unknown airport ${input.iata}`);
    airportId = airport.id;
    countryCode = airport.country_code;
  }
  const country = countryCode ? await trx.selectFrom('countries').select('region_slug').where('code', '=', countryCode).executeTakeFirst() : undefined;
  if (countryCode && !country) throw invalidParam('country_code', `unknown country ${countryCode}`);
  const usd = await toUsd(trx, input.estimatedValue, input.currency, input.publishedOn, now);
  const columns = {
    title: input.title,
    description: input.description ?? '',
    reference: input.reference ?? null,
    buyer_name: input.buyerName,
    buyer_company_id: input.buyerCompanyId ?? null,
    airport_id: airportId,
    country_code: countryCode,
    region_slug: country?.region_slug ?? null,
    tender_type: input.type,
    status: input.status,
    published_on: input.publishedOn,
    deadline: input.deadline ?? null,
    estimated_value: input.estimatedValue ?? null,
    currency: input.currency?.toUpperCase() ?? null,
    value_usd: usd?.usd ?? null,
    source_name: input.sourceName ?? null,
    source_url: input.sourceUrl ?? null,
    awarded_to: input.awardedTo ?? null,
    awarded_on: input.awardedOn ?? null,
  };
  return { columns, airportId };
}

/**
 * Inserts a tender with its links; run it inside the caller's transaction.
 * @param now the current instant (`ctx.now()`); the system clock by default, for the sample loader
 * @returns the new id. @throws DomainError VALIDATION for an unknown airport or country
 */
export async function insertTender(trx: Kysely<DB>, input: NewTender, now: Date): Promise<string> {
  const { columns, airportId } = await tenderColumns(trx, input, now);
  const row = await trx.insertInto('tenders').values({ ...columns, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const id = row.id;
  if (airportId) await trx.insertInto('tender_airports').values({ tender_id: id, airport_id: airportId }).execute();
  if (input.topicIds?.length) await trx.insertInto('tender_topics').values(input.topicIds.map((topic_id) => ({ tender_id: id, topic_id }))).execute();
  if (input.tagIds?.length) await trx.insertInto('tender_tags').values(input.tagIds.map((tag_id) => ({ tender_id: id, tag_id }))).execute();
  if (input.bidders?.length) {
    await trx
      .insertInto('tender_bidders')
      .values(input.bidders.map((b) => ({ tender_id: id, bidder_name: b.name, outcome: b.outcome, company_id: b.companyId ?? null })))
      .execute();
  }
  return id;
}

/** An admin input with the fields a stored tender needs settled. */
export type CompleteTenderInput = TenderInput & { title: string; buyer: string; type: TenderType; status: StoredTenderStatus; published_at: string };

/** The insert shape of a complete admin input. */
export const newTenderOf = (i: CompleteTenderInput): NewTender => ({
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

/**
 * Replaces the categories (topics), tags and bidders of tender `id` with those `input` lists (slugs
 * or names; bidders with their outcome); a list that is absent leaves its links alone.
 * @throws DomainError VALIDATION for an unknown topic, a bidder listed twice
 */
export async function replaceTenderTerms(trx: Kysely<DB>, id: string, input: TenderInput): Promise<void> {
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
  if (input.bidders) {
    const seen = new Set<string>();
    for (const b of input.bidders) {
      const key = b.name.trim().toLowerCase();
      if (seen.has(key)) throw invalidParam('bidders', `"${b.name}" is listed twice`);
      seen.add(key);
    }
    await trx.deleteFrom('tender_bidders').where('tender_id', '=', id).execute();
    if (input.bidders.length) {
      await trx.insertInto('tender_bidders').values(input.bidders.map((b) => ({ tender_id: id, bidder_name: b.name.trim(), outcome: b.outcome ?? 'bid' }))).execute();
    }
  }
}

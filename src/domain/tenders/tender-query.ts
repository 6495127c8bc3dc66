/**
 * Worldwide airport tenders: one filter model, the sorts and the query that selects `TenderView`s,
 * shared by every face. Source: table `tenders` with its links; the visible status is derived
 * (src/domain/tenders/tender-status.ts).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/types.js';
import type { Term } from '../articles/article-view.js';
import { countryContains, hasTerm, hasTopicOrTag, regionContains, regionIn, termsJson } from '../search/sql-filters.js';
import { derivedTenderStatus, type TenderStatus, type TenderType } from './tender-status.js';

/** Orders of a tender list. */
export const TENDER_SORTS = ['deadline_asc', 'deadline_desc', 'value_desc', 'published_desc'] as const;
export type TenderSort = (typeof TENDER_SORTS)[number];

/** Filters over tenders; all given members must hold. */
export interface TenderFilter {
  /** Web-search syntax over title (A), buyer and reference (B), description (C). */
  q?: string | undefined;
  regionContains?: string | undefined;
  /** Region slug or exact name. */
  region?: string | undefined;
  countryContains?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
  /** One category: a topic slug or name. */
  category?: string | undefined;
  /** Topic or tag slugs; all must match. */
  terms?: string[] | undefined;
  type?: TenderType | undefined;
  /** Derived statuses to keep. */
  statuses?: TenderStatus[] | undefined;
  /** Only tenders whose deadline is between now and this many days ahead. */
  deadlineWithinDays?: number | undefined;
}

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
  updated_at: Date;
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
      't.estimated_value', 't.currency', 't.value_usd', 't.source_name', 't.source_url', 't.awarded_to', 't.awarded_on', 't.updated_at',
      termsJson('tender', 'topic', 't').as('topics'),
      termsJson('tender', 'tag', 't').as('tags'),
      jsonArrayFrom(
        eb.selectFrom('tender_bidders as b').select(['b.bidder_name as name', 'b.outcome'])
          .whereRef('b.tender_id', '=', 't.id').orderBy('b.bidder_name'),
      ).as('bidders'),
    ]);
}

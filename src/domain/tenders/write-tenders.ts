/**
 * Writing tenders: the insert used by the sample loader and (later) the admin API.
 * Place fields come from the airport when one is given; `value_usd` from `fx_rates`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam } from '../errors.js';
import { toUsd } from '../fx.js';
import type { TenderType } from './tender-status.js';

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
  status: 'open' | 'closed' | 'awarded' | 'cancelled';
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
 * @throws DomainError VALIDATION for an unknown airport or country
 */
export async function tenderColumns(trx: Kysely<DB>, input: NewTender) {
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
  const usd = await toUsd(trx, input.estimatedValue, input.currency, input.publishedOn);
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
 * @returns the new id. @throws DomainError VALIDATION for an unknown airport or country
 */
export async function insertTender(trx: Kysely<DB>, input: NewTender): Promise<string> {
  const { columns, airportId } = await tenderColumns(trx, input);
  const row = await trx.insertInto('tenders').values(columns).returning('id').executeTakeFirstOrThrow();
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

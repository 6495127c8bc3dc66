/**
 * The tender record of the /v1 edition (seed 001, section 2 names type, status, region, country
 * and taxonomy terms; the rest is ours, the same facts as /api/v1). Topics stand in for
 * categories. The single read adds `bidders`; the CSV export adds a `bidders` column.
 */
import { Type, type Static } from 'typebox';
import { csvColumns, type CsvColumnSpec } from '../../../domain/csv-export.js';
import { TENDER_STATUSES, TENDER_TYPES, type TenderCsvField, type TenderView } from '../../../domain/tenders/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { v1TenderExample } from '../../examples.js';

export const Tender = component('V1Tender', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  reference: Nullable(Type.String({ description: "The buyer's notice reference" })),
  buyer: Type.String(),
  airport: Nullable(Type.String({ description: 'Airport name' })),
  iata_code: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  region: Nullable(Type.String({ description: 'Region name' })),
  region_slug: Nullable(Type.String()),
  type: StringEnum(TENDER_TYPES),
  status: StringEnum(TENDER_STATUSES, { description: 'Derived: closing_soon within 14 days of the deadline; closed once it passed' }),
  published_on: Type.String({ format: 'date' }),
  deadline: Nullable(Type.String({ format: 'date-time' })),
  days_to_deadline: Nullable(Type.Integer()),
  estimated_value: Nullable(Type.Integer({ description: 'As stated, in currency' })),
  currency: Nullable(Type.String({ description: 'ISO 4217' })),
  topics: Type.Array(Type.String(), { description: 'Topic slugs (the categories)' }),
  tags: Type.Array(Type.String(), { description: 'Tag slugs' }),
  source_name: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  awarded_to: Nullable(Type.String()),
  awarded_on: Nullable(Type.String({ format: 'date' })),
}, { title: 'Tender' }), v1TenderExample);
export type Tender = Static<typeof Tender>;

const Bidder = component('Bidder', Type.Object({ name: Type.String(), outcome: Type.String({ description: 'bid, shortlisted, awarded, unsuccessful or withdrawn' }) }));
export const TenderWithBidders = component('V1TenderWithBidders', Type.Intersect([Tender, Type.Object({ bidders: Type.Array(Bidder) })], { title: 'TenderWithBidders' }));

export const presentTender = (t: TenderView): Tender => ({
  id: t.id,
  title: t.title,
  description: t.description,
  reference: t.reference,
  buyer: t.buyer_name,
  airport: t.airport_name,
  iata_code: t.iata_code,
  country_code: t.country_code,
  region: t.region_name,
  region_slug: t.region_slug,
  type: t.tender_type,
  status: t.status,
  published_on: t.published_on,
  deadline: t.deadline ? new Date(t.deadline).toISOString() : null,
  days_to_deadline: t.days_to_deadline,
  estimated_value: t.estimated_value,
  currency: t.currency,
  topics: t.topics.map((x) => x.slug),
  tags: t.tags.map((x) => x.slug),
  source_name: t.source_name,
  source_url: t.source_url,
  awarded_to: t.awarded_to,
  awarded_on: t.awarded_on,
});

/** Columns of `GET /v1/tenders/export`: the record's scalar fields, lists joined, plus bidders (header: the domain field it shows). */
export const TENDER_CSV_COLUMNS: readonly CsvColumnSpec<TenderCsvField>[] = csvColumns<TenderCsvField>([
  'id', 'title', 'reference', ['buyer', 'buyer_name'], ['airport', 'airport_name'], 'iata_code',
  'country_code', ['region', 'region_name'], ['type', 'tender_type'], 'status', 'published_on', 'deadline',
  'estimated_value', 'currency', ['topics', 'topic_slugs'], ['tags', 'tag_slugs'], 'awarded_to',
  'source_name', 'source_url', 'bidders',
]);

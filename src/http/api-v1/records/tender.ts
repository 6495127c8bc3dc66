/**
 * The tender record of the /api/v1 edition: its schema, how a `TenderView` is presented, and the
 * columns of the CSV export (which add the bidders).
 */
import { Type, type Static } from 'typebox';
import { csvColumns, type CsvColumnSpec } from '../../../domain/csv-export.js';
import { TENDER_STATUSES, TENDER_TYPES, type TenderCsvField, type TenderView } from '../../../domain/tenders/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { tenderExample } from '../../examples.js';

const Bidder = component('Bidder', Type.Object({
  name: Type.String(),
  outcome: Type.String({ description: 'bid, shortlisted, awarded, unsuccessful or withdrawn' }),
}));

export const Tender = component('ApiV1Tender', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  reference: Nullable(Type.String({ description: "The buyer's own notice reference" })),
  buyer: Type.String({ description: 'The contracting authority or airport operator' }),
  airport_name: Nullable(Type.String()),
  iata_code: Nullable(Type.String()),
  country: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  region: Nullable(Type.String()),
  region_slug: Nullable(Type.String()),
  type: StringEnum(TENDER_TYPES),
  status: StringEnum(TENDER_STATUSES, {
    description: 'closing_soon: open with the deadline within 14 days; closed: the deadline has passed or the buyer closed it',
  }),
  published_at: Type.String({ format: 'date', description: 'Date the notice was published' }),
  deadline: Nullable(Type.String({ format: 'date-time', description: 'Submission deadline (UTC)' })),
  days_to_deadline: Nullable(Type.Integer({ description: 'Whole days from now to the deadline; negative once passed' })),
  estimated_value: Nullable(Type.Integer({ description: 'Estimated contract value in currency units' })),
  currency: Nullable(Type.String({ description: 'ISO 4217' })),
  value_usd: Nullable(Type.Integer({ description: 'Estimated value in whole US dollars (dated FX rate)' })),
  categories: Type.Array(Type.String(), { description: 'Topic names; topics stand in for categories' }),
  tags: Type.Array(Type.String()),
  source_name: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  awarded_to: Nullable(Type.String()),
  awarded_on: Nullable(Type.String({ format: 'date' })),
}), tenderExample);
export type Tender = Static<typeof Tender>;

export const TenderWithBidders = component('ApiV1TenderWithBidders', Type.Intersect([Tender, Type.Object({ bidders: Type.Array(Bidder) })]));

/** A tender in this edition's words (the list lacks bidders; the single read and the export have them). */
export function presentTender(t: TenderView): Tender {
  return {
    ...pick(t, 'id', 'title', 'description', 'reference'),
    buyer: t.buyer_name,
    ...pick(t, 'airport_name', 'iata_code'),
    country: t.country_name,
    country_code: t.country_code,
    region: t.region_name,
    region_slug: t.region_slug,
    type: t.tender_type,
    status: t.status,
    published_at: t.published_on,
    deadline: t.deadline ? new Date(t.deadline).toISOString() : null,
    ...pick(t, 'days_to_deadline', 'estimated_value', 'currency', 'value_usd'),
    categories: t.topics.map((x) => x.name),
    tags: t.tags.map((x) => x.name),
    ...pick(t, 'source_name', 'source_url', 'awarded_to', 'awarded_on'),
  };
}

/** A tender with its bidders. */
export const presentTenderWithBidders = (t: TenderView) => ({ ...presentTender(t), bidders: t.bidders });

/** Columns of `GET /api/v1/tenders/export`: header and the domain field it shows. */
export const TENDER_CSV_COLUMNS: readonly CsvColumnSpec<TenderCsvField>[] = csvColumns<TenderCsvField>([
  'id', 'title', 'reference', ['buyer', 'buyer_name'], 'airport_name', 'iata_code', 'country_code',
  ['country', 'country_name'], ['region', 'region_name'], ['type', 'tender_type'], 'status',
  ['published_at', 'published_on'], 'deadline', 'estimated_value', 'currency', 'value_usd',
  ['categories', 'topic_names'], ['tags', 'tag_names'], 'awarded_to', 'bidders', 'source_name', 'source_url',
]);

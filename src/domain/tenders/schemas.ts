/**
 * The tenders' vocabulary and input schemas (TypeBox, i.e. JSON Schema; not HTTP): the notice types
 * and sorts, the filter every face translates its query into, and the bodies an administrator
 * writes. The domain input types are derived from the schemas with `Static<>`.
 */
import { Type, type Static } from 'typebox';
import { COUNTRY_CODE, createOf, CURRENCY_CODE, FilterText, IATA_CODE, MAX_AMOUNT, NullableInteger, NullableString, patchOf, splitCommaList, StringEnum, Strings, Text, OptionalCommaList } from '../shared/input-schema.js';
import { LIVE_TENDER_STATUSES, STORED_TENDER_STATUSES, TENDER_STATUSES, type TenderStatus } from './tender-status.js';

/** Tender types (seed: rfp, tender, framework, eoi). */
export const TENDER_TYPES = ['rfp', 'tender', 'framework', 'eoi'] as const;
/** One notice type. */
export type TenderType = (typeof TENDER_TYPES)[number];

/** Orders of a tender list. */
export const TENDER_SORTS = ['deadline_asc', 'deadline_desc', 'value_desc', 'published_desc'] as const;
/** One order of a tender list. */
export type TenderSort = (typeof TENDER_SORTS)[number];

/** Filters over tenders, as the domain names them; all given members must hold. */
export const TenderFilter = Type.Object({
  q: Type.Optional(Type.String({ description: 'Web-search syntax over title (A), buyer and reference (B), description (C)' })),
  regionContains: Type.Optional(Type.String({ description: 'Region name contains this, or equals the slug' })),
  region: Type.Optional(Type.String({ description: 'Region slug or exact name' })),
  countryContains: Type.Optional(Type.String({ description: 'Country name contains this, or equals the ISO code' })),
  country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  category: Type.Optional(Type.String({ description: 'One category: a topic slug or name' })),
  terms: Type.Optional(Type.Array(Type.String(), { description: 'Topic or tag slugs; all must match' })),
  type: Type.Optional(StringEnum(TENDER_TYPES)),
  statuses: Type.Optional(Type.Array(StringEnum(TENDER_STATUSES), { description: 'Derived statuses to keep (default: all)' })),
  deadlineWithinDays: Type.Optional(Type.Integer({ minimum: 0, description: 'Only tenders whose deadline is between now and this many days ahead' })),
  companyIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { description: 'Listing, buying from or bid for by one of these companies (ids as given, not expanded)' })),
  updatedSince: Type.Optional(Type.String({ format: 'date-time', description: 'Changed (updated_at) after this instant' })),
});
/** Filters over tenders; all given members must hold. */
export type TenderFilter = Static<typeof TenderFilter>;

/** Outcomes of a bid (column `tender_bidders.outcome`). */
export const BIDDER_OUTCOMES = ['bid', 'shortlisted', 'awarded', 'unsuccessful', 'withdrawn'] as const;
/** One outcome of a bid. */
export type BidderOutcome = (typeof BIDDER_OUTCOMES)[number];

/** A bidder as an administrator writes it (and as the tender record shows it). */
export const TenderBidder = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, description: 'The bidder as named in the notice' }),
  outcome: Type.Optional(StringEnum(BIDDER_OUTCOMES, { description: 'bid (default), shortlisted, awarded, unsuccessful or withdrawn', default: 'bid' })),
}, { additionalProperties: false });
/** One bidder to store. */
export type TenderBidderInput = Static<typeof TenderBidder>;

/** Every field an administrator may set, named as in the tender record. Lists replace the whole set. */
const tenderFields = {
  title: Type.String({ minLength: 1, maxLength: 500 }),
  description: Text(20_000),
  reference: NullableString({ maxLength: 200 }),
  buyer: Type.String({ minLength: 1, maxLength: 500 }),
  iata_code: NullableString({ pattern: IATA_CODE, maxLength: 3 }),
  country_code: NullableString({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2, when there is no airport' }),
  type: StringEnum(TENDER_TYPES),
  status: StringEnum(STORED_TENDER_STATUSES, { description: 'Stored status; closing_soon is derived from the deadline' }),
  published_at: Type.String({ format: 'date' }),
  deadline: NullableString({ format: 'date-time' }),
  estimated_value: NullableInteger({ minimum: 0, maximum: MAX_AMOUNT }),
  currency: NullableString({ pattern: CURRENCY_CODE, maxLength: 3 }),
  source_name: NullableString({ maxLength: 300 }),
  source_url: NullableString({ maxLength: 2000, format: 'uri' }),
  awarded_to: NullableString({ maxLength: 500 }),
  awarded_on: NullableString({ format: 'date' }),
  categories: Strings('Topic slugs or names (topics stand in for categories)'),
  tags: Strings('Tag slugs'),
  bidders: Type.Array(TenderBidder, { maxItems: 100, description: 'Every bidder with its outcome (the whole set; [] clears it)' }),
  published: Type.Boolean({ description: 'Whether readers see it (default true); false keeps it a draft that only administrators see' }),
};

/** The body of a tender create: strict; `title`, `buyer` and `type` required (status open, published today unless given). */
export const TenderCreate = createOf(tenderFields, { title: tenderFields.title, buyer: tenderFields.buyer, type: tenderFields.type });
/** A tender to create, as {@link TenderCreate} validates it. */
export type TenderCreateInput = Static<typeof TenderCreate>;

/** The body of a tender update: strict, any field, at least one. */
export const TenderPatch = patchOf(tenderFields);
/**
 * Fields of a tender to change, as {@link TenderPatch} validates them; absent fields stay as they
 * are. `published_at` is `YYYY-MM-DD`, `deadline` an ISO 8601 instant.
 */
export type TenderInput = Static<typeof TenderPatch>;

/** `/v1`'s list parameters (slugs, comma lists, amounts as stated); alert rules validate with them too. */
const STATUS_LIST = `^(${TENDER_STATUSES.join('|')})(,(${TENDER_STATUSES.join('|')}))*$`;
/** The filter parameters of `/v1/tenders`. */
export const tenderParams = {
  q: FilterText('Web-search syntax over title (A), buyer and reference (B), description (C)'),
  region: FilterText('Region slug, e.g. europe'),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2' })),
  type: Type.Optional(StringEnum(TENDER_TYPES, { description: 'Notice type' })),
  status: Type.Optional(Type.String({
    pattern: STATUS_LIST,
    maxLength: 200,
    description: `Derived statuses, comma-separated: ${TENDER_STATUSES.join(', ')}. Default: open,closing_soon`,
  })),
  terms: OptionalCommaList('Topic or tag slugs; ALL must match (topics stand in for categories; there is no category parameter)'),
};
/** {@link tenderParams} as an object schema. */
export const TenderParams = Type.Object(tenderParams);
/** Filter parameters of `/v1/tenders`, as {@link TenderParams} validates them. */
export type TenderParams = Static<typeof TenderParams>;
/** The edition's query dialect (slugs, comma lists, live statuses by default) as the domain filter. */
export const tenderParamsToFilter = (q: TenderParams): TenderFilter => ({
  q: q.q,
  region: q.region,
  country: q.country,
  type: q.type,
  statuses: (splitCommaList(q.status) as TenderStatus[] | undefined) ?? LIVE_TENDER_STATUSES,
  terms: splitCommaList(q.terms),
});

/**
 * /api/v1 tenders (seed 000, section 4); every route needs the `wat` feature (the tender add-on or
 * Enterprise; a trial preview lists three), the export also `exports` (docs/entitlements.md):
 * | GET | /tenders        | q, region, country, category, type, closed, deadline_days, sort, page, limit (50, max 100) |
 * | GET | /tenders/export | the same filters; text/csv with a bidders column                                          |
 * | GET | /tenders/:id    | one tender with its bidders                                                               |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UpdatedSince } from '../../../domain/shared/input-schema.js';
import { Type, type Static } from 'typebox';
import { exportTenders, getTender, LIVE_TENDER_STATUSES, listTenders, TENDER_SORTS, TENDER_TYPES, type TenderFilter } from '../../../domain/tenders/index.js';
import { csvExportRoute } from '../../csv.js';
import { pagedListRoute } from '../paged-list-route.js';
import { ctxOf } from '../../types.js';
import { TENDER_CSV_COLUMNS, Tender, TenderWithBidders, presentTender, presentTenderWithBidders } from '../records/tender.js';
import { StringEnum } from '../../schema.js';
import { Envelope } from '../schemas.js';

const tags = ['Tenders'];
const text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 500, description }));

const filters = {
  q: text('Full-text query, web-search syntax, over title, buyer, reference and description'),
  region: text('Region name contains this (case-insensitive), or the region slug'),
  country: text('Country name contains this, or an ISO 3166-1 alpha-2 code'),
  category: text('One category: a topic name or slug (e.g. "digital-technology")'),
  type: Type.Optional(StringEnum(TENDER_TYPES, { description: 'Notice type' })),
  closed: Type.Optional(StringEnum(['1', '0', 'true', 'false'], { description: '1 also lists tenders that are expired, closed, awarded or cancelled; by default only open and closing_soon ones' })),
  deadline_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, description: 'Only tenders whose deadline falls within this many days from now' })),
  sort: Type.Optional(StringEnum(TENDER_SORTS, { description: 'Order (default deadline_asc, tenders without a deadline last)', default: 'deadline_asc' })),
  updated_since: UpdatedSince,
};
const Filters = Type.Object(filters);

/** The edition's query dialect ("contains" matches, `closed` as a flag) as the domain filter. */
const toFilter = (q: Static<typeof Filters>): TenderFilter => ({
  q: q.q,
  regionContains: q.region,
  countryContains: q.country,
  category: q.category,
  type: q.type,
  statuses: q.closed === '1' || q.closed === 'true' ? undefined : LIVE_TENDER_STATUSES,
  deadlineWithinDays: q.deadline_days,
  updatedSince: q.updated_since,
});

export default async function tenderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  pagedListRoute(r, '/tenders', {
    operationId: 'apiV1ListTenders', summary: 'List airport tenders (needs the tender add-on or Enterprise)', tags,
    filter: Filters, item: Tender, defaultLimit: 50, maxLimit: 100, gates: listTenders.gates,
    list: (ctx, q, w) => listTenders(ctx, toFilter(q), q.sort ?? 'deadline_asc', w), present: presentTender,
  });

  csvExportRoute(r, '/tenders/export', {
    operationId: 'apiV1ExportTenders', summary: 'Export matching tenders as CSV with bidders (RFC 4180, by deadline)', tags,
    querystring: Filters, file: 'tenders', gates: exportTenders.gates,
    run: (ctx, q) => exportTenders(ctx, toFilter(q), TENDER_CSV_COLUMNS),
  });

  r.get('/tenders/:id', {
    config: { gates: getTender.gates },
    schema: {
      operationId: 'apiV1GetTender', summary: 'One tender, whatever its status, with its bidders', tags,
      params: Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Tender id (UUID)' }) }),
      response: { 200: Envelope(TenderWithBidders) },
    },
  }, async (req) => ({ data: presentTenderWithBidders(await getTender(ctxOf(req), req.params.id)) }));
}

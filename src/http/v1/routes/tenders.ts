/**
 * /v1 tenders (seed 001, section 4); every route needs `wat` (a trial preview shows three rows):
 * | GET | /v1/tenders        | { tenders }                                                  |
 * | GET | /v1/tenders/facets | statuses, types, regions, countries, topics (the categories), tags |
 * | GET | /v1/tenders/export | text/csv with a bidders column, streamed, uncapped; wat + exports |
 * | GET | /v1/tenders/{id}   | one tender with its bidders                                  |
 * Parameters: q, region, country, type, status, terms, sort (deadline_asc), limit (50), offset.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  exportTenders, facetTenders, getTender, listTenders, TENDER_SORTS,
} from '../../../domain/tenders/index.js';
import { tenderParams, tenderParamsToFilter } from '../../../domain/tenders/index.js';
import { UpdatedSince } from '../../../domain/shared/input-schema.js';
import { StringEnum } from '../../schema.js';
import { csvExportRoute } from '../../csv.js';
import { ctxOf } from '../../types.js';
import { facetsRoute, namedListRoute, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { TENDER_CSV_COLUMNS, Tender, TenderWithBidders, presentTender } from '../records/tender.js';

const tags = ['Tenders'];
/** The list's filter parameters, declared once in the domain (alert rules validate with them too). */
const filters = { ...tenderParams, updated_since: UpdatedSince };
const Filters = Type.Object(filters);
const FACET_NAMES = ['statuses', 'types', 'regions', 'countries', 'topics', 'tags'] as const;
const toFilter = (q: Static<typeof Filters>) => ({ ...tenderParamsToFilter(q), updatedSince: q.updated_since });

export default async function tenderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/tenders', {
    operationId: 'v1ListTenders', summary: 'Airport tenders (Worldwide Airport Tenders)', tags,
    description: 'Trial preview: the first three rows of the list only.',
    name: 'tenders', item: Tender, defaultLimit: 50, config: { gates: listTenders.gates },
    filter: Type.Object({ ...filters, sort: Type.Optional(StringEnum(TENDER_SORTS, { description: 'Order (tenders without a deadline or value last)', default: 'deadline_asc' })) }),
    list: (ctx, { sort, ...rest }, w) => listTenders(ctx, toFilter(rest), sort ?? 'deadline_asc', w), present: presentTender,
  });

  facetsRoute(r, '/tenders/facets', {
    operationId: 'v1TenderFacets', summary: 'Filter vocabulary of the tenders with counts (topics stand in for categories)', tags,
    names: FACET_NAMES, querystring: Filters, gates: facetTenders.gates, run: (ctx, q) => facetTenders(ctx, toFilter(q)),
  });

  csvExportRoute(r, '/tenders/export', {
    operationId: 'v1ExportTenders', summary: 'Export matching tenders as CSV with a bidders column (streamed, no row cap, by deadline)', tags,
    querystring: Filters, file: 'tenders', gates: exportTenders.gates,
    run: (ctx, q) => exportTenders(ctx, toFilter(q), TENDER_CSV_COLUMNS),
  });

  r.get('/tenders/:id', {
    config: { gates: getTender.gates },
    schema: {
      operationId: 'v1GetTender', summary: 'One tender, whatever its status, with its bidders', tags,
      params: UuidParam('Tender'),
      response: { 200: TenderWithBidders, ...problemResponses(404) },
    },
  }, async (req) => {
    const t = await getTender(ctxOf(req), req.params.id);
    return { ...presentTender(t), bidders: t.bidders };
  });
}

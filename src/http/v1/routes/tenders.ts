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
import {
  exportTenders, facetTenders, getTender, listTenders, TENDER_SORTS,
} from '../../../domain/tenders/index.js';
import { tenderParams, tenderParamsToFilter } from '../../../domain/tenders/index.js';
import { ctxOf } from '../../types.js';
import { collectionRoutes } from '../collection-routes.js';
import { UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { TENDER_CSV_COLUMNS, Tender, TenderWithBidders, presentTender } from '../records/tender.js';

const tags = ['Tenders'];

export default async function tenderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  collectionRoutes(r, 'tenders', {
    tags, params: tenderParams, toFilter: tenderParamsToFilter,
    sort: { values: TENDER_SORTS, default: 'deadline_asc', description: 'Order (tenders without a deadline or value last)' },
    list: { operationId: 'v1ListTenders', summary: 'Airport tenders (Worldwide Airport Tenders)', description: 'Trial preview: the first three rows of the list only.', item: Tender, present: presentTender, run: listTenders },
    facets: { operationId: 'v1TenderFacets', summary: 'Filter vocabulary of the tenders with counts (topics stand in for categories)', names: ['statuses', 'types', 'regions', 'countries', 'topics', 'tags'], run: facetTenders },
    export: { operationId: 'v1ExportTenders', summary: 'Export matching tenders as CSV with a bidders column (streamed, no row cap, by deadline)', columns: TENDER_CSV_COLUMNS, run: exportTenders },
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

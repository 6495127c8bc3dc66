/**
 * /v1/admin tenders (docs/v1-admin.md): the same domain operations as /api/v1/admin (create, update,
 * delete: src/domain/tenders), the read of one tender in any state, the three replace-the-set
 * writes and the read of the links. Bidders (`bidders`) and the award (`awarded_to`,
 * `awarded_on`, `status: awarded`) are fields of the create and the update.
 * | GET    | /v1/admin/tenders                | q, published, limit, offset | { tenders }, any state, last changed first |
 * | POST   | /v1/admin/tenders                | TenderCreate      | 201, the tender as stored |
 * | GET    | /v1/admin/tenders/{id}           |                   | the tender, any state     |
 * | PATCH  | /v1/admin/tenders/{id}           | TenderPatch, If-Match | the tender as stored; 409 when stale |
 * | DELETE | /v1/admin/tenders/{id}           |                   | the tender as it was      |
 * | PUT    | /v1/admin/tenders/{id}/airports  | { airports }      | the links as stored       |
 * | PUT    | /v1/admin/tenders/{id}/companies | { companies }     | the links as stored       |
 * | PUT    | /v1/admin/tenders/{id}/terms     | { topics?, tags? }| the links as stored       |
 * | GET    | /v1/admin/tenders/{id}/links     |                   | airports, companies, topics, tags |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AirportSet, CompanySet, TermSet } from '../../../../domain/shared/link-refs.js';
import {
  AdminTenderFilter, createTender, deleteTender, getAdminTender, getTenderLinks, listAdminTenders, setTenderAirports, setTenderCompanies, setTenderTerms, TenderCreate, TenderPatch, updateTender,
} from '../../../../domain/tenders/index.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, UuidParam } from '../../named.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../preconditions.js';
import { problemResponses } from '../../problem.js';
import { AdminTender, presentAdminTender, presentTenderLinks, TenderLinksRecord } from '../../records/admin-tender.js';
import { airportSetExample, companySetExample, tenderCreateExample, tenderPatchExample, termSetExample } from '../examples.js';
import { created, deletedAnswer } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: tenders'];
const params = UuidParam('Tender');
const writeErrors = problemResponses(409);
const SETS = 'Items are strings (an id, a code, a slug or a name) or the objects the links read returns, so a read can be written back unchanged.';

export default async function adminTenderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/tenders', {
    schema: {
      operationId: 'v1AdminListTenders', summary: 'List tenders in any state', tags,
      description: 'Every tender, unpublished ones included, most recently changed first (then by title); status derived now. `q` keeps those whose title, buyer or reference contains it; `published` only published (true) or unpublished (false) ones.',
      querystring: Type.Object({ ...AdminTenderFilter.properties, ...Paging(50) }),
      response: { 200: Named('tenders', AdminTender) },
    },
  }, async (req, reply) => {
    const { limit, offset, ...filter } = req.query;
    return namedList(reply, 'tenders', { limit, offset }, (w) => listAdminTenders(ctxOf(req), filter, w), presentAdminTender);
  });

  r.post('/tenders', {
    schema: {
      operationId: 'v1AdminCreateTender', summary: 'Create a tender', tags,
      description: 'Creates a tender (stored status `open`, published today unless given); country and region come from `iata_code` or `country_code`, `value_usd` from the estimate. `bidders` lists every bidder with its outcome. Audited.',
      body: component('V1AdminTenderCreate', TenderCreate, tenderCreateExample),
      response: { 201: AdminTender, ...writeErrors },
    },
  }, async (req, reply) => {
    const tender = presentAdminTender(await createTender(ctxOf(req), req.body));
    return created(reply, tender, v1AdminUrl('tenders', tender.id));
  });

  r.get('/tenders/:id', {
    schema: {
      operationId: 'v1AdminGetTender', summary: 'Read one tender in any state', tags, params,
      description: 'One tender whatever its state, unpublished included, with its bidders; status derived now (closing_soon within 14 days of the deadline). `ETag` is its `version`.',
      response: { 200: AdminTender },
    },
  }, async (req, reply) => withETag(reply, presentAdminTender(await getAdminTender(ctxOf(req), req.params.id))));

  r.patch('/tenders/:id', {
    schema: {
      operationId: 'v1AdminUpdateTender', summary: 'Update a tender (only the fields sent)', tags, params,
      description: 'Changes the fields sent; lists (`categories`, `tags`, `bidders`) replace the set. Record an award with `status: awarded`, `awarded_to`, `awarded_on` and the bidders\u2019 outcomes. With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written. Audited.',
      headers: IfMatchHeaders,
      body: component('V1AdminTenderPatch', TenderPatch, tenderPatchExample),
      response: { 200: AdminTender, ...writeErrors },
    },
  }, async (req, reply) => withETag(reply, presentAdminTender(await updateTender(ctxOf(req), req.params.id, req.body, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete('/tenders/:id', {
    schema: {
      operationId: 'v1AdminDeleteTender', summary: 'Delete a tender', tags, params,
      description: 'Deletes the tender in any state with its bidders and answers it as it was. Audited.',
      response: { ...deletedAnswer(AdminTender), ...writeErrors },
    },
  }, async (req) => presentAdminTender(await deleteTender(ctxOf(req), req.params.id)));

  r.put('/tenders/:id/airports', {
    schema: {
      operationId: 'v1AdminSetTenderAirports', summary: 'Replace the airports of a tender', tags, params,
      description: `The whole set of airports (ids, IATA codes or names). When the main airport is not in it, the first becomes the main airport and sets the country and region. ${SETS} Audited.`,
      body: component('V1AdminAirportSet', AirportSet, airportSetExample),
      response: { 200: TenderLinksRecord, ...writeErrors },
    },
  }, async (req) => presentTenderLinks(await setTenderAirports(ctxOf(req), req.params.id, req.body)));

  r.put('/tenders/:id/companies', {
    schema: {
      operationId: 'v1AdminSetTenderCompanies', summary: 'Replace the companies of a tender', tags, params,
      description: `The whole set of companies (ids, names or aliases). ${SETS} Audited.`,
      body: component('V1AdminCompanySet', CompanySet, companySetExample),
      response: { 200: TenderLinksRecord, ...writeErrors },
    },
  }, async (req) => presentTenderLinks(await setTenderCompanies(ctxOf(req), req.params.id, req.body)));

  r.put('/tenders/:id/terms', {
    schema: {
      operationId: 'v1AdminSetTenderTerms', summary: 'Replace the topics (categories) and tags of a tender', tags, params,
      description: `The whole set of topics (the categories; slugs or names) and tags (slugs; unknown tags are created); a list left out keeps its links. ${SETS} Audited.`,
      body: component('V1AdminTermSet', TermSet, termSetExample),
      response: { 200: TenderLinksRecord, ...writeErrors },
    },
  }, async (req) => presentTenderLinks(await setTenderTerms(ctxOf(req), req.params.id, req.body)));

  r.get('/tenders/:id/links', {
    schema: {
      operationId: 'v1AdminGetTenderLinks', summary: 'Read the airports, companies, topics and tags of a tender', tags, params,
      description: 'The links of a tender in any state, in the shape the three PUT operations accept back.',
      response: { 200: TenderLinksRecord },
    },
  }, async (req) => presentTenderLinks(await getTenderLinks(ctxOf(req), req.params.id)));
}

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
import { CompanySet } from '../../../../domain/shared/link-refs.js';
import {
  AdminTenderFilter, createTender, deleteTender, getAdminTender, getTenderLinks, listAdminTenders, setTenderAirports, setTenderCompanies, setTenderTerms, TenderCreate, TenderPatch, updateTender,
} from '../../../../domain/tenders/index.js';
import { component } from '../../../schema.js';
import { AdminTender, presentAdminTender, presentTenderLinks, TenderLinksRecord } from '../../records/admin-tender.js';
import { companySetExample, tenderCreateExample, tenderPatchExample } from '../examples.js';
import { recordRoutes } from '../record-routes.js';

export default async function adminTenderRoutes(app: FastifyInstance): Promise<void> {
  recordRoutes(app, 'tenders', {
    what: 'Tender', record: AdminTender, present: presentAdminTender,
    list: { doc: ['v1AdminListTenders', 'List tenders in any state', 'Every tender, unpublished ones included, most recently changed first (then by title); status derived now. `q` keeps those whose title, buyer or reference contains it; `published` only published (true) or unpublished (false) ones.'], name: 'tenders', filter: AdminTenderFilter, run: listAdminTenders },
    create: { doc: ['v1AdminCreateTender', 'Create a tender', 'Creates a tender (stored status `open`, published today unless given); country and region come from `iata_code` or `country_code`, `value_usd` from the estimate. `bidders` lists every bidder with its outcome. Audited.'], body: component('V1AdminTenderCreate', TenderCreate, tenderCreateExample), run: createTender },
    read: { doc: ['v1AdminGetTender', 'Read one tender in any state', 'One tender whatever its state, unpublished included, with its bidders; status derived now (closing_soon within 14 days of the deadline). `ETag` is its `version`.'], run: getAdminTender },
    update: { doc: ['v1AdminUpdateTender', 'Update a tender (only the fields sent)', 'Changes the fields sent; lists (`categories`, `tags`, `bidders`) replace the set. Record an award with `status: awarded`, `awarded_to`, `awarded_on` and the bidders\u2019 outcomes. With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written. Audited.'], body: component('V1AdminTenderPatch', TenderPatch, tenderPatchExample), run: updateTender },
    remove: { doc: ['v1AdminDeleteTender', 'Delete a tender', 'Deletes the tender in any state with its bidders and answers it as it was. Audited.'], run: deleteTender },
    links: {
      record: TenderLinksRecord, present: presentTenderLinks, mainAirportSets: 'country and region', categories: true,
      airports: setTenderAirports, terms: setTenderTerms, read: getTenderLinks,
      companies: { body: component('V1AdminCompanySet', CompanySet, companySetExample), items: ' (ids, names or aliases)', run: setTenderCompanies },
    },
  });
}

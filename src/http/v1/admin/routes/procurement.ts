/**
 * /v1/admin procurement (seed 001, section 4, admin "Procurement"; docs/accounts.md):
 * | GET  | /v1/admin/procurement              | filtered list (status, organisation, date), newest first   |
 * | GET  | /v1/admin/procurement/{id}         | one request with its review trail                          |
 * | POST | /v1/admin/procurement/{id}/reviews | appends a review (decision, note; the caller reviews); not idempotent |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  getProcurementRequest, listProcurementRequests, PROCUREMENT_STATUSES, ProcurementListFilter, ProcurementReviewInput, reviewProcurementRequest,
  type ProcurementRequest, type ProcurementRequestDetail,
} from '../../../../domain/procurement/index.js';
import { component, Nullable, StringEnum } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { namedListRoute, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { created } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: procurement'];
const params = UuidParam('Procurement request');

const requestProps = {
  id: Type.String({ format: 'uuid' }), organisation: Type.String(), contact_name: Type.String(), email: Type.String(),
  country: Nullable(Type.String({ description: 'ISO alpha-2' })), plan: Nullable(Type.String()), seats: Nullable(Type.Integer()),
  billing_details: Nullable(Type.String()), message: Nullable(Type.String()),
  status: StringEnum(PROCUREMENT_STATUSES), created_at: Type.String({ format: 'date-time' }),
};
const AdminProcurementRequest = component('V1AdminProcurementRequest', Type.Object(requestProps, { title: 'AdminProcurementRequest' }));
const Review = Type.Object({
  id: Type.String({ format: 'uuid' }), decision: Type.String(), note: Nullable(Type.String()),
  reviewer: Type.Object({ id: Type.String({ format: 'uuid' }), email: Nullable(Type.String()) }), created_at: Type.String({ format: 'date-time' }),
});
const AdminProcurementDetail = component('V1AdminProcurementDetail', Type.Object({ ...requestProps, reviews: Type.Array(Review, { description: 'The review trail, oldest first' }) }, { title: 'AdminProcurementDetail' }));

const present = (r: ProcurementRequest) => ({ ...r, created_at: r.created_at.toISOString() });
const presentDetail = (r: ProcurementRequestDetail) => ({
  ...present(r), reviews: r.reviews.map((v) => ({ ...v, created_at: v.created_at.toISOString() })),
});

export default async function adminProcurementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/procurement', {
    operationId: 'v1AdminListProcurement', summary: 'List procurement requests, newest first', tags,
    description: 'Filters: `status`, `organisation` (contains, case-insensitive), `date_from` and `date_to` (UTC days received, inclusive).',
    name: 'requests', item: AdminProcurementRequest, filter: ProcurementListFilter, defaultLimit: 50,
    list: listProcurementRequests, present: present,
  });

  r.get('/procurement/:id', {
    schema: {
      operationId: 'v1AdminGetProcurement', summary: 'Read one procurement request with its review trail', tags, params,
      description: 'The request as received and every review of it, oldest first.',
      response: { 200: AdminProcurementDetail },
    },
  }, async (req) => presentDetail(await getProcurementRequest(ctxOf(req), req.params.id)));

  r.post('/procurement/:id/reviews', {
    config: { idempotency: false },
    schema: {
      operationId: 'v1AdminReviewProcurement', summary: 'Append a review to a procurement request (not idempotent)', tags, params,
      description: 'Records decision and note with the caller as reviewer; the decision becomes the request\'s status. Repeating it records two reviews. With `activate_subscription` and decision `approved`, the requested plan is activated, paid by invoice, for the account owned by the user with the request\'s email (409 when there is none or no plan was requested). Answers the request with its whole trail. Audited.',
      body: component('V1AdminProcurementReviewInput', ProcurementReviewInput, { decision: 'approved', note: 'PO received; invoice annually in EUR.', activate_subscription: true }),
      response: { 201: AdminProcurementDetail, ...problemResponses(409) },
    },
  }, async (req, reply) => created(reply, presentDetail(await reviewProcurementRequest(ctxOf(req), req.params.id, req.body)), v1AdminUrl('procurement', req.params.id)));
}

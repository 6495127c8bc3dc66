/**
 * /v1/admin companies: the profiles as readers see them plus `created_at`, and the writes.
 * | GET    | /v1/admin/companies            | { companies }: q, country, limit, offset |
 * | GET    | /v1/admin/companies/{id}       | one company                              |
 * | POST   | /v1/admin/companies            | CompanyCreate  | 201, as stored          |
 * | PATCH  | /v1/admin/companies/{id}       | CompanyPatch   | as stored               |
 * | DELETE | /v1/admin/companies/{id}       |                | as it was               |
 * | POST   | /v1/admin/companies/{id}/merge | CompanyMerge   | the survivor as stored  |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CompanyCreate, CompanyMerge, CompanyPatch, createCompany, deleteCompany, getAdminCompany, listAdminCompanies, mergeCompanies, updateCompany,
} from '../../../../domain/companies/index.js';
import { COUNTRY_CODE } from '../../../../domain/shared/input-schema.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, text, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { AdminCompany, companyCreateExample, companyMergeExample, companyPatchExample, presentAdminCompany } from '../../records/company.js';
import { created } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: companies'];
const params = UuidParam('Company');
const writeErrors = problemResponses(409);

export default async function adminCompanyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/companies', {
    schema: {
      operationId: 'v1AdminListCompanies', summary: 'Companies with their links and counts', tags,
      description: 'Every company by name, as readers see it plus `created_at`; `q` matches part of the name or an alias, or the slug. A named array paged with `limit` and `offset`.',
      querystring: Type.Object({ q: text('Part of the name or an alias, or the slug'), country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2' })), ...Paging(50) }),
      response: { 200: Named('companies', AdminCompany) },
    },
  }, async (req, reply) => {
    const { limit, offset, ...filter } = req.query;
    return namedList(reply, 'companies', { limit, offset }, (w) => listAdminCompanies(ctxOf(req), filter, w), presentAdminCompany);
  });

  r.get('/companies/:id', {
    schema: {
      operationId: 'v1AdminGetCompany', summary: 'One company', tags, params,
      description: 'One company by id, with aliases, parent, subsidiaries, counts and `created_at`.',
      response: { 200: AdminCompany },
    },
  }, async (req) => presentAdminCompany(await getAdminCompany(ctxOf(req), req.params.id)));

  r.post('/companies', {
    schema: {
      operationId: 'v1AdminCreateCompany', summary: 'Create a company', tags,
      description: 'Creates a company (slug from the name unless given) with its aliases and parent. A name or slug already taken is 409. Audited.',
      body: component('CompanyCreate', CompanyCreate, companyCreateExample),
      response: { 201: AdminCompany, ...writeErrors },
    },
  }, async (req, reply) => {
    const company = presentAdminCompany(await createCompany(ctxOf(req), req.body));
    return created(reply, company, v1AdminUrl('companies', company.id));
  });

  r.patch('/companies/:id', {
    schema: {
      operationId: 'v1AdminUpdateCompany', summary: 'Update a company (only the fields sent)', tags, params,
      description: 'Changes the fields sent; `aliases` replaces the set. A parent must exist and must not be the company or one of its subsidiaries at any depth (400 naming the field). Audited.',
      body: component('CompanyPatch', CompanyPatch, companyPatchExample),
      response: { 200: AdminCompany, ...writeErrors },
    },
  }, async (req) => presentAdminCompany(await updateCompany(ctxOf(req), req.params.id, req.body)));

  r.delete('/companies/:id', {
    schema: {
      operationId: 'v1AdminDeleteCompany', summary: 'Delete a company', tags, params,
      description: 'Deletes the company and answers it as it was; its links go with it, its subsidiaries stay without a parent. Audited.',
      response: { 200: AdminCompany, ...writeErrors },
    },
  }, async (req) => presentAdminCompany(await deleteCompany(ctxOf(req), req.params.id)));

  r.post('/companies/:id/merge', {
    schema: {
      operationId: 'v1AdminMergeCompanies', summary: 'Merge another company into this one', tags, params,
      description: 'Moves every link of `absorbed_id` (projects, tenders listed, bought or bid for, articles, media, readers\' interests, subsidiaries) to this company, adds its name and aliases as aliases, keeps its slug resolving here, and deletes it. Answers this company as stored. Audited.',
      body: component('CompanyMerge', CompanyMerge, companyMergeExample),
      response: { 200: AdminCompany, ...writeErrors },
    },
  }, async (req) => presentAdminCompany(await mergeCompanies(ctxOf(req), req.params.id, req.body)));
}

/**
 * /v1/admin companies: the profiles as readers see them plus `created_at`, and the writes.
 * | GET    | /v1/admin/companies            | { companies }: q, country, limit, offset |
 * | GET    | /v1/admin/companies/{id}       | one company, ETag                        |
 * | POST   | /v1/admin/companies            | CompanyCreate  | 201, as stored          |
 * | PATCH  | /v1/admin/companies/{id}       | CompanyPatch   | as stored; If-Match     |
 * | DELETE | /v1/admin/companies/{id}       |                | as it was               |
 * | POST   | /v1/admin/companies/{id}/merge | CompanyMerge   | the survivor as stored  |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyCreate, CompanyFilter, CompanyMerge, CompanyPatch, createCompany, deleteCompany, getAdminCompany, listAdminCompanies, mergeCompanies, updateCompany,
} from '../../../../domain/companies/index.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { AdminCompany, companyCreateExample, companyMergeExample, companyPatchExample, presentAdminCompany } from '../../records/company.js';
import { recordRoutes } from '../record-routes.js';

const tags = ['Admin: companies'];
const params = UuidParam('Company');
const writeErrors = problemResponses(409);

export default async function adminCompanyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  recordRoutes(r, 'companies', {
    tags, what: 'Company', record: AdminCompany, present: presentAdminCompany,
    list: { doc: ['v1AdminListCompanies', 'Companies with their links and counts', 'Every company by name, as readers see it plus `created_at`; `q` matches part of the name or an alias, or the slug. A named array paged with `limit` and `offset`.'], name: 'companies', filter: CompanyFilter, run: listAdminCompanies },
    create: { doc: ['v1AdminCreateCompany', 'Create a company', 'Creates a company (slug from the name unless given) with its aliases and parent. A name or slug already taken is 409. Audited.'], body: component('CompanyCreate', CompanyCreate, companyCreateExample), run: createCompany },
    read: { doc: ['v1AdminGetCompany', 'One company', 'One company by id, with aliases, parent, subsidiaries, counts and `created_at`.'], run: getAdminCompany },
    update: { doc: ['v1AdminUpdateCompany', 'Update a company (only the fields sent)', 'Changes the fields sent; `aliases` replaces the set. A parent must exist and must not be the company or one of its subsidiaries at any depth (400 naming the field). With `If-Match` (the `version` it was edited from: its fields and aliases), a company changed since is 409 (`stale-version`) and nothing is written. Audited.'], body: component('CompanyPatch', CompanyPatch, companyPatchExample), run: updateCompany },
    remove: { doc: ['v1AdminDeleteCompany', 'Delete a company', 'Deletes the company and answers it as it was; its links go with it, its subsidiaries stay without a parent. Audited.'], run: deleteCompany },
  });

  r.post('/companies/:id/merge', {
    schema: {
      operationId: 'v1AdminMergeCompanies', summary: 'Merge another company into this one', tags, params,
      description: 'Moves every link of `absorbed_id` (projects, tenders listed, bought or bid for, articles, media, readers\' interests, subsidiaries) to this company, adds its name and aliases as aliases, keeps its slug resolving here, and deletes it. Answers this company as stored. Audited.',
      body: component('CompanyMerge', CompanyMerge, companyMergeExample),
      response: { 200: AdminCompany, ...writeErrors },
    },
  }, async (req) => presentAdminCompany(await mergeCompanies(ctxOf(req), req.params.id, req.body)));
}

/**
 * /v1 company profiles:
 * | GET | /v1/companies                 | { companies }: q, country, limit (50), offset           |
 * | GET | /v1/companies/{ref}           | one company (ref: id, slug, a merged company's slug, name or alias) |
 * | GET | /v1/companies/{ref}/projects  | { projects } (projects; trial preview: five rows)       |
 * | GET | /v1/companies/{ref}/tenders   | { tenders } (wat; trial preview: three rows)            |
 * | GET | /v1/companies/{ref}/articles  | { articles } (archive; trial preview: latest edition)   |
 * A company's records include those of its other names and its subsidiaries, as `company_id` does.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CompanyFilter, getCompany, listCompanies } from '../../../domain/companies/index.js';
import { listCompanyArticles, listCompanyProjects, listCompanyTenders } from '../../../domain/company-profiles/index.js';
import { PROJECT_SORTS } from '../../../domain/projects/index.js';
import { TENDER_SORTS } from '../../../domain/tenders/index.js';
import { StringEnum } from '../../schema.js';
import { ctxOf } from '../../types.js';
import { Named, namedList, namedListRoute, Paging } from '../named.js';
import { problemResponses } from '../problem.js';
import { Article, presentArticle } from '../records/article.js';
import { Company, presentCompany } from '../records/company.js';
import { Project, presentProject } from '../records/project.js';
import { Tender, presentTender } from '../records/tender.js';

const tags = ['Companies'];
const params = Type.Object({ ref: Type.String({ minLength: 1, maxLength: 300, description: 'Company id, slug (also of a company merged into it), name or alias' }) });
const errors = problemResponses(404);
const REACH = 'The company\'s own records and those of its other names (aliases) and subsidiaries at any depth, as `company_id` filters reach them.';

export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/companies', {
    operationId: 'v1ListCompanies', summary: 'Company profiles', tags,
    description: 'Companies (contractors, operators, buyers, investors) by name, each with aliases, parent and subsidiaries and the counts of published projects, tenders and articles it reaches. `q` matches part of the name or an alias, or the slug. A named array paged with `limit` and `offset`.',
    name: 'companies', item: Company, filter: CompanyFilter, defaultLimit: 50,
    list: listCompanies, present: presentCompany,
  });

  r.get('/companies/:ref', {
    schema: {
      operationId: 'v1GetCompany', summary: 'One company profile', tags, params,
      description: 'One company by id or slug (a merged company\'s slug leads to the company it was merged into), or by name or alias; with aliases, parent, subsidiaries and counts.',
      response: { 200: Company, ...problemResponses(404) },
    },
  }, async (req) => presentCompany(await getCompany(ctxOf(req), req.params.ref)));

  r.get('/companies/:ref/projects', {
    config: { gates: listCompanyProjects.gates },
    schema: {
      operationId: 'v1ListCompanyProjects', summary: 'Projects of a company', tags, params,
      description: `Published projects of the company. ${REACH} Needs \`projects\`; a trial preview shows the first five rows.`,
      querystring: Type.Object({ sort: Type.Optional(StringEnum(PROJECT_SORTS, { default: 'title_asc', description: 'Order' })), ...Paging(50) }),
      response: { 200: Named('projects', Project), ...errors },
    },
  }, async (req, reply) => {
    const { limit, offset, sort } = req.query;
    return namedList(reply, 'projects', { limit, offset }, (w) => listCompanyProjects(ctxOf(req), req.params.ref, sort ?? 'title_asc', w), presentProject);
  });

  r.get('/companies/:ref/tenders', {
    config: { gates: listCompanyTenders.gates },
    schema: {
      operationId: 'v1ListCompanyTenders', summary: 'Tenders of a company', tags, params,
      description: `Published tenders the company lists, buys or bids for. ${REACH} Needs \`wat\`; a trial preview shows the first three rows.`,
      querystring: Type.Object({ sort: Type.Optional(StringEnum(TENDER_SORTS, { default: 'deadline_asc', description: 'Order' })), ...Paging(50) }),
      response: { 200: Named('tenders', Tender), ...errors },
    },
  }, async (req, reply) => {
    const { limit, offset, sort } = req.query;
    return namedList(reply, 'tenders', { limit, offset }, (w) => listCompanyTenders(ctxOf(req), req.params.ref, sort ?? 'deadline_asc', w), presentTender);
  });

  r.get('/companies/:ref/articles', {
    config: { gates: listCompanyArticles.gates },
    schema: {
      operationId: 'v1ListCompanyArticles', summary: 'Articles naming a company', tags, params,
      description: `Articles of published editions naming the company, newest first. ${REACH} Needs \`archive\`; a trial preview sees the latest edition only.`,
      querystring: Type.Object({ ...Paging(50) }),
      response: { 200: Named('articles', Article), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'articles', req.query, (w) => listCompanyArticles(ctxOf(req), req.params.ref, w), presentArticle));
}

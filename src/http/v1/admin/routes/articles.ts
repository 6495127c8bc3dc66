/**
 * /v1/admin articles, their entity links and their project links (docs/v1-admin.md; the same
 * domain operations as /api/v1/admin/articles):
 * | POST   | /v1/admin/articles                               | ArticleCreate          | 201 the article |
 * | PATCH  | /v1/admin/articles/{id}                          | ArticlePatch, If-Match | the article (a read of either edition is accepted back); 409 when stale |
 * | GET    | /v1/admin/articles/{id}                          |                        | the article, any edition status |
 * | DELETE | /v1/admin/articles/{id}                          |                        | the article as it was |
 * | GET    | /v1/admin/articles/{id}/links                    |                        | topics, tags, airports, companies |
 * | PUT    | /v1/admin/articles/{id}/terms                    | { topics, tags }       | the links |
 * | PUT    | /v1/admin/articles/{id}/airports                 | { airports }           | the links |
 * | PUT    | /v1/admin/articles/{id}/companies                | { companies }          | the links |
 * | GET    | /v1/admin/articles/{id}/projects                 |                        | { projects } |
 * | PUT    | /v1/admin/articles/{id}/projects                 | { projects }           | { projects } |
 * | GET    | /v1/admin/articles/{id}/projects/candidates      | min_score, limit, offset | { candidates }, best first |
 * | POST   | /v1/admin/articles/{id}/projects/auto-link       | { threshold? }         | what it linked (idempotent) |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  ArticleCreate, ArticlePatch, AUTO_LINK_THRESHOLD, autoLinkArticleProjects, createArticle, deleteArticle, getAdminArticle, getArticleLinks, listArticleProjects,
  rankProjectCandidates, replaceArticleLinks, replaceArticleProjects, updateArticle,
} from '../../../../domain/articles/index.js';
import { AirportRef, CompanyRef, TermRef } from '../../../../domain/shared/link-refs.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { recordRoutes } from '../record-routes.js';
import {
  AdminArticle, AdminArticleLinks, AdminArticleProject, AutoLinkRecord, presentAdminArticle, presentAutoLink, presentCandidate,
  presentLinks, presentProjectLink, ProjectCandidateRecord,
} from '../records.js';

const tags = ['Admin: articles'];
const errors = problemResponses(409);
const params = UuidParam('Article');
const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

const refs = <T extends TSchema>(item: T, description: string) => Type.Array(item, { maxItems: 100, description });
const TermsBody = component('V1ArticleTermsPut', strict({
  topics: refs(TermRef, 'Topic slugs or names (the controlled vocabulary), or `{ slug, name }` as the links read returns them; replaces the set'),
  tags: refs(TermRef, 'Tag slugs or names (new tags are created), or `{ slug, name }`; replaces the set'),
}), { topics: ['operations', 'Infrastructure'], tags: ['resilience', 'Power Supply'] });
const AirportsBody = component('V1ArticleAirportsPut', strict({ airports: refs(AirportRef, 'IATA codes, airport ids or airport names, or `{ id, iata_code, name }` as the links read returns them; replaces the set') }), { airports: ['LHR', 'London Gatwick Airport'] });
const CompaniesBody = component('V1ArticleCompaniesPut', strict({ companies: refs(CompanyRef, 'Company ids, names, slugs or aliases, or `{ id, slug, name }` as the links read and the /v1 article record return them; replaces the set') }), { companies: ['Heathrow Airport Holdings'] });
const ProjectsBody = component('V1ArticleProjectsPut', strict({
  projects: Type.Array(Type.String({ format: 'uuid', maxLength: 36 }), { maxItems: 100, description: 'Project ids; replaces the set' }),
}), { projects: ['0b9f4c3e-6a53-4f4e-9a55-8f9f1d8f2b10'] });
const AutoLinkBody = component('V1ArticleAutoLink', strict({
  threshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: `Link candidates scoring at least this (default ${AUTO_LINK_THRESHOLD})` })),
}), { threshold: AUTO_LINK_THRESHOLD });
const createExample = { edition_id: '5f0c6a57-3d6e-4d0e-9c43-2d0c7d7b1a11', headline: 'Heathrow reopens after substation fire', airports: ['LHR'], topics: ['operations'], country: 'GB' };
const patchExample = { why_it_matters: 'Grid resilience is now a board-level risk.', airports: ['London Heathrow Airport', 'LGW'], country: 'United Kingdom' };

export default async function adminArticleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  recordRoutes(r, 'articles', {
    tags, what: 'Article', record: AdminArticle, present: presentAdminArticle,
    create: { doc: ['v1AdminCreateArticle', 'Create an article in an edition', 'Adds an article to an edition (last unless `sort_order` says otherwise). Airports, topics, tags, companies, country and region are accepted as either edition reads them (names, slugs, codes or ids); a value that resolves to nothing answers 400 naming the field and the value. Audited.'], body: component('V1ArticleCreate', ArticleCreate, createExample), run: createArticle },
    read: { doc: ['v1AdminGetArticle', 'Read an article in any edition status', 'The article with its position and companies, drafts included: what `Location` of its creation points at. `ETag` is its `version`.'], run: getAdminArticle },
    update: { doc: ['v1AdminUpdateArticle', 'Update an article (only the fields sent; lists replace the set)', 'Changes the fields sent. A record read on /v1 or /api/v1 may be sent back as it is: read-only fields (`id`, `slug`, `kind`, `edition_number`, `publish_date`, `is_saved`) must equal the stored values, the synonyms (`iata_codes`, `country_code`, `region_slug`) must agree with `airports`, `country`, `region`. An unchanged record answers 200 and audits nothing. With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written.'], body: component('V1ArticlePatch', ArticlePatch, patchExample), run: updateArticle },
    remove: { doc: ['v1AdminDeleteArticle', 'Delete an article', 'Deletes the article; its edition and the projects it mentioned get their rollups recomputed. Answers the article as it was. Audited.'], run: deleteArticle },
  });

  // ------------------------------------------------------------------ entity links
  r.get('/articles/:id/links', {
    schema: {
      operationId: 'v1AdminGetArticleLinks', summary: "An article's topics, tags, airports and companies", tags,
      description: 'All four link sets of an article in any edition status, each entry with its slug or id and name.',
      params, response: { 200: AdminArticleLinks, ...errors },
    },
  }, async (req) => presentLinks(await getArticleLinks(ctxOf(req), req.params.id)));

  r.put('/articles/:id/terms', {
    schema: {
      operationId: 'v1AdminPutArticleTerms', summary: "Replace an article's topics and tags", tags,
      description: 'Replaces both sets (send `[]` to clear one). Topics must exist (slug or name); tags are found by slug or name or created. Audited as an update of the article.',
      params, body: TermsBody, response: { 200: AdminArticleLinks, ...errors },
    },
  }, async (req) => presentLinks(await replaceArticleLinks(ctxOf(req), req.params.id, req.body)));

  r.put('/articles/:id/airports', {
    schema: {
      operationId: 'v1AdminPutArticleAirports', summary: "Replace an article's airports", tags,
      description: 'Each value an IATA code, an airport id or an airport name, or the object the links read returns. Audited as an update of the article.',
      params, body: AirportsBody, response: { 200: AdminArticleLinks, ...errors },
    },
  }, async (req) => presentLinks(await replaceArticleLinks(ctxOf(req), req.params.id, req.body)));

  r.put('/articles/:id/companies', {
    schema: {
      operationId: 'v1AdminPutArticleCompanies', summary: "Replace an article's companies", tags,
      description: 'Each value a company id, name, slug or alias, or the object the links read returns. Audited as an update of the article.',
      params, body: CompaniesBody, response: { 200: AdminArticleLinks, ...errors },
    },
  }, async (req) => presentLinks(await replaceArticleLinks(ctxOf(req), req.params.id, req.body)));

  // ------------------------------------------------------------------ project links
  r.get('/articles/:id/projects', {
    schema: {
      operationId: 'v1AdminListArticleProjects', summary: 'Projects linked to an article', tags,
      description: 'Each link with its source (`manual` by an editor, `auto` by auto-link) and confidence.',
      params, response: { 200: Named('projects', AdminArticleProject), ...errors },
    },
  }, async (req) => ({ projects: (await listArticleProjects(ctxOf(req), req.params.id)).map(presentProjectLink) }));

  r.put('/articles/:id/projects', {
    schema: {
      operationId: 'v1AdminPutArticleProjects', summary: 'Replace the projects linked to an article', tags,
      description: "Links that stay keep their source; new ones are `manual`. The projects whose mentions changed get their rollups recomputed. Audited (nothing when nothing changed).",
      params, body: ProjectsBody, response: { 200: Named('projects', AdminArticleProject), ...errors },
    },
  }, async (req) => ({ projects: (await replaceArticleProjects(ctxOf(req), req.params.id, req.body.projects)).map(presentProjectLink) }));

  r.get('/articles/:id/projects/candidates', {
    schema: {
      operationId: 'v1AdminListArticleProjectCandidates', summary: 'Projects the article may be about, best first, with score and reasons', tags,
      description: 'Score 0\u2013100: 30 per shared airport, 20 per shared company, 40 when the project title appears in the article, 6 per distinctive title word found (max 24), 4 per shared topic or tag (max 12), 5 for the same country. Projects scoring 0 are left out; `linked` marks those already linked (links do not change the score).',
      params,
      querystring: Type.Object({ min_score: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Only candidates scoring at least this' })), ...Paging(10) }),
      response: { 200: Named('candidates', ProjectCandidateRecord), ...errors },
    },
  }, async (req, reply) => {
    const { limit, offset, min_score } = req.query;
    return namedList(reply, 'candidates', { limit, offset }, (w) => rankProjectCandidates(ctxOf(req), req.params.id, { ...w, min_score }), presentCandidate);
  });

  r.post('/articles/:id/projects/auto-link', {
    schema: {
      operationId: 'v1AdminAutoLinkArticleProjects', summary: 'Link every candidate above the confidence threshold', tags,
      description: `Links each candidate scoring at least \`threshold\` (default ${AUTO_LINK_THRESHOLD}) that is not linked yet, as \`auto\` with confidence score/100. Idempotent: a repeat links nothing and audits nothing.`,
      params, body: AutoLinkBody, response: { 200: AutoLinkRecord, ...errors },
    },
  }, async (req) => presentAutoLink(await autoLinkArticleProjects(ctxOf(req), req.params.id, req.body?.threshold)));
}

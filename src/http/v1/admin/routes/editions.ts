/**
 * /v1/admin editions (docs/v1-admin.md; the same domain operations as /api/v1/admin/editions):
 * | GET    | /v1/admin/editions              | status, limit, offset | { editions } in every status (drafts too), newest first              |
 * | POST   | /v1/admin/editions              | EditionCreate     | 201 the edition (a draft unless status says otherwise); 409 number taken |
 * | PATCH  | /v1/admin/editions/{id}         | EditionPatch, If-Match | the edition; 409 when stale                                       |
 * | GET    | /v1/admin/editions/{id}         |                   | the edition, any status                                                |
 * | DELETE | /v1/admin/editions/{id}         |                   | the edition as it was; its articles go with it                          |
 * | POST   | /v1/admin/editions/{id}/publish |                   | the edition, published, rollups recomputed (idempotent)                |
 * | POST   | /v1/admin/editions/import       | EditionImport     | 201 (200 when the number exists) the archived edition and what did not resolve |
 * | PUT    | /v1/admin/editions/{id}/article-order | ArticleOrder | { edition_id, article_ids } as stored; 409 when the list is not the edition's articles |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  adminListEditions, ArticleOrder, createEdition, deleteEdition, EditionCreate, EditionImport, EditionPatch, EditionStatusQuery, getAdminEdition, importEdition,
  publishEdition, reorderEditionArticles, updateEdition,
} from '../../../../domain/editions/index.js';
import { created } from '../../../respond.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { recordRoutes } from '../record-routes.js';
import { AdminEdition, presentAdminEdition, v1AdminUrl } from '../records.js';

const tags = ['Admin: editions'];
const errors = problemResponses(409);
const params = UuidParam('Edition');
const createExample = { number: 42, publish_date: '2026-11-27', summary: 'Resilience and capacity dominate the week.', top_developments: ['Heathrow third runway consultation opens.'] };
const patchExample = { summary: 'Updated executive summary.', key_trends: ['Grid resilience moves up the agenda.'] };

const importExample = {
  content: '# Airport Intel, issue 12 (28 March 2025)\n\nHeathrow shut for a day.\n\n## Heathrow closed by substation fire\n\nA fire at a substation closed London Heathrow (LHR) for most of 21 March.\n\nWhy it matters: grid resilience is now a board-level risk.\n\nKey takeaways:\n- Backup power covers safety systems, not full operations\n\nTopics: Operations\nCountry: United Kingdom\n',
};
const orderExample = { article_ids: ['7d7e0b52-3c1f-4c55-9a39-0a6f3f1d2b10', '2f0c8a4e-6b9d-4e21-8f3a-5c7d9e1b3a20'] };
const ArticleOrderRecord = component('V1ArticleOrder', Type.Object({
  edition_id: Type.String({ format: 'uuid' }),
  article_ids: Type.Array(Type.String({ format: 'uuid' }), { description: 'Every article and event item of the edition, first to last' }),
}, { title: 'ArticleOrder' }), { edition_id: '5b0e3c1a-9d8f-4e7a-b6c5-d4e3f2a1b0c9', ...orderExample });

const ImportReport = Type.Object({
  edition: AdminEdition,
  created: Type.Boolean({ description: 'false: an edition of that number existed; nothing was written' }),
  format: Type.Union([Type.Literal('json'), Type.Literal('text')], { description: 'How the paste was read' }),
  articles: Type.Integer({ description: 'Articles imported (or in the existing edition)' }),
  unresolved: Type.Array(Type.Object({
    article: Type.Integer({ description: '0-based position of the article in the paste' }),
    headline: Type.String(),
    field: Type.String({ description: 'airports, topics, companies, country or region' }),
    value: Type.String({ description: 'The value as written' }),
    reason: Type.String(),
  }), { description: 'Values that matched nothing and were left out' }),
});

export default async function adminEditionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/editions/import', {
    schema: {
      operationId: 'v1AdminImportEdition', summary: 'Import a past issue from a pasted export (archived; idempotent on the issue number)', tags,
      description: 'Reads `content` as the JSON of an /api/v1 edition read, or as a plain-text or Markdown paste (headline lines, paragraphs, "Why it matters", takeaway bullets, `Airports:`/`Topics:`/`Tags:`/`Companies:`/`Country:`/`Region:`/`Source:` lines). Creates an **archived** edition with its articles (201) and reports the values it could not resolve. When an edition of that number exists nothing is written (200, `created: false`). `dry_run: true` answers 200 with the report of what the import would create and writes nothing (a preview). Audited once.',
      body: component('V1EditionImport', EditionImport, importExample),
      response: { 200: ImportReport, 201: ImportReport, ...errors },
    },
  }, async (req, reply) => {
    const result = await importEdition(ctxOf(req), req.body);
    const report = { ...result, edition: presentAdminEdition(result.edition) };
    if (!result.created || req.body.dry_run) return report; // a dry run created nothing: 200, no Location
    return created(reply, report, v1AdminUrl('editions', result.edition.id));
  });

  r.get('/editions', {
    schema: {
      operationId: 'v1AdminListEditions', summary: 'List editions in every status (drafts, published, archived), newest first', tags,
      description: 'Every edition, drafts and archived ones included (readers\u2019 `GET /v1/editions` lists the published ones), newest first; `status` keeps one status. What the editorial desk lists and promotes onto.',
      querystring: Type.Object({ ...EditionStatusQuery.properties, ...Paging(20) }),
      response: { 200: Named('editions', AdminEdition) },
    },
  }, async (req, reply) => {
    const { status, ...window } = req.query;
    return namedList(reply, 'editions', window, (w) => adminListEditions(ctxOf(req), status ? [status] : [], w), presentAdminEdition);
  });

  recordRoutes(r, 'editions', {
    tags, what: 'Edition', record: AdminEdition, present: presentAdminEdition,
    create: { doc: ['v1AdminCreateEdition', 'Create an edition (a draft unless status says otherwise)', 'Creates an edition; `number` must be free (409 otherwise). Answers 201 with the stored edition and `Location: /v1/admin/editions/{id}`. Audited.'], body: component('V1EditionCreate', EditionCreate, createExample), run: createEdition },
    read: { doc: ['v1AdminGetEdition', 'Read an edition in any status', 'The edition (draft, published or archived) with its whole executive summary: what `Location` of its creation points at. `ETag` is its `version`.'], run: getAdminEdition },
    update: { doc: ['v1AdminUpdateEdition', 'Update metadata, executive summary and/or status', 'Changes only the fields sent; a status change recomputes the rollups. Audited with the fields that changed (nothing when nothing did). With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written; adding, removing or reordering its articles does not change the edition\'s version.'], body: component('V1EditionPatch', EditionPatch, patchExample), run: (ctx, id, body, options) => updateEdition(ctx, id, body, 'update', options) },
    remove: { doc: ['v1AdminDeleteEdition', 'Delete an edition and its articles', 'Deletes the edition and (cascade) its articles; projects they mentioned get their rollups recomputed. Answers the edition as it was. Audited with the articles it took.'], run: deleteEdition },
  });

  r.post('/editions/:id/publish', {
    schema: {
      operationId: 'v1AdminPublishEdition', summary: 'Publish an edition and recompute its rollups', tags,
      description: 'Publishes a draft or archived edition and recomputes the rollups (article count, projects\u2019 last seen edition). Idempotent: an edition already published is returned unchanged, with no second audit entry. Never sends the newsletter.',
      params, response: { 200: AdminEdition, ...errors },
    },
  }, async (req) => presentAdminEdition(await publishEdition(ctxOf(req), req.params.id)));

  r.put('/editions/:id/article-order', {
    schema: {
      operationId: 'v1AdminReorderEditionArticles', summary: 'Put an edition\u2019s articles in a new order, in one write', tags,
      description: 'Takes every article (and event item) of the edition, each exactly once, in the order wanted, and saves it in one transaction: each article\u2019s `sort_order` becomes its 0-based position. A failure leaves the old order whole; two orders saved at once never interleave (the last wins, entire). When the list misses an article of the edition or names one that is not in it (one was added, moved or removed since the list was read) nothing is written and the answer is 409: reload `GET /v1/editions/{id}/articles` and try again. An id listed twice is a 400. Saving the stored order again changes nothing and audits nothing; otherwise audited once (`update` of the edition, `article_order` before and after). The edition\u2019s `version` does not change.',
      params, body: component('V1ArticleOrderPut', ArticleOrder, orderExample), response: { 200: ArticleOrderRecord, ...errors },
    },
  }, async (req) => reorderEditionArticles(ctxOf(req), req.params.id, req.body));
}

/**
 * /v1/admin editorial inbox (docs/v1-admin.md): the same domain operations as /api/v1/admin
 * (src/domain/inbox: its one state machine), in the /v1 dialect.
 * | GET  | /v1/admin/inbox               | status, source, date_from, date_to, min_score, max_score, limit, offset | { items }, highest score first |
 * | POST | /v1/admin/inbox/{id}/approve  |                     | the item (pending → approved)            |
 * | POST | /v1/admin/inbox/{id}/skip     |                     | the item (pending, approved → skipped)   |
 * | POST | /v1/admin/inbox/{id}/reopen   |                     | the item (approved, skipped → pending)   |
 * | POST | /v1/admin/inbox/bulk-skip     | { ids } or { filter } | { skipped, ids, unchanged }            |
 * | POST | /v1/admin/inbox/{id}/promote  | { edition_id } or { edition_number } | 201 { item, article }: a draft article, never published |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BulkSkipBody, bulkSkipInboxItems, InboxListFilter, listInboxItems, promoteInboxItem, PromoteBody, updateInboxItem
} from '../../../../domain/inbox/index.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { namedListRoute, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { Article, presentArticle } from '../../records/article.js';
import { BulkSkipReport, InboxItem, presentInboxItem } from '../../records/inbox-item.js';
import { created } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: inbox'];
const params = UuidParam('Inbox item');
const moveErrors = problemResponses(409);

export default async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/inbox', {
    operationId: 'v1AdminListInbox', summary: 'List the editorial inbox, highest pre-screen score first', tags,
    description: 'Inbox items by score (highest first, unscored last), then newest. Filters: `status`, `source` (a news source id or name), `date_from` and `date_to` (UTC days, inclusive, on the published date, or the arrival when the source gave none), `min_score` and `max_score` (the pre-screen score, 0..100, inclusive).',
    name: 'items', item: InboxItem, filter: InboxListFilter, defaultLimit: 50,
    list: listInboxItems, present: presentInboxItem,
  });

  r.post('/inbox/:id/approve', {
    schema: {
      operationId: 'v1AdminApproveInboxItem', summary: 'Approve an inbox item', tags, params,
      description: 'pending → approved. Audited; approving an approved item changes nothing; a skipped or promoted item is 409.',
      response: { 200: InboxItem, ...moveErrors },
    },
  }, async (req) => presentInboxItem(await updateInboxItem(ctxOf(req), req.params.id, { status: 'approved' })));

  r.post('/inbox/:id/skip', {
    schema: {
      operationId: 'v1AdminSkipInboxItem', summary: 'Skip an inbox item', tags, params,
      description: 'pending or approved → skipped. Audited; skipping a skipped item changes nothing; a promoted item is 409.',
      response: { 200: InboxItem, ...moveErrors },
    },
  }, async (req) => presentInboxItem(await updateInboxItem(ctxOf(req), req.params.id, { status: 'skipped' })));

  r.post('/inbox/:id/reopen', {
    schema: {
      operationId: 'v1AdminReopenInboxItem', summary: 'Reopen an inbox item', tags, params,
      description: 'approved or skipped → pending. Audited; reopening a pending item changes nothing; a promoted item is 409 (promotion is final).',
      response: { 200: InboxItem, ...moveErrors },
    },
  }, async (req) => presentInboxItem(await updateInboxItem(ctxOf(req), req.params.id, { status: 'pending' })));

  r.post('/inbox/bulk-skip', {
    schema: {
      operationId: 'v1AdminBulkSkipInbox', summary: 'Skip many inbox items: a list of ids or a filter', tags,
      description: 'Skips the items named by `ids` (every id must exist: 400 naming `ids` otherwise; items already skipped or promoted are counted as unchanged), or every pending or approved item matching `filter` (status, source, date_from, date_to). One transaction; one audit entry per item skipped. Reports the count and the ids.',
      body: component('V1AdminBulkSkip', BulkSkipBody, { filter: { source: 'Airport World', date_to: '2026-11-01' } }),
      response: { 200: BulkSkipReport, ...problemResponses(409) },
    },
  }, async (req) => bulkSkipInboxItems(ctxOf(req), req.body));

  r.post('/inbox/:id/promote', {
    schema: {
      operationId: 'v1AdminPromoteInboxItem', summary: 'Promote an inbox item to a draft article', tags, params,
      description: 'Creates an unpublished article on a draft edition (`edition_id` or `edition_number`) from the item (headline, excerpt, source, detected taxonomy); never publishes. 409 when the item is already promoted or skipped, or the edition is not a draft. Audited (the article and the promotion). Location: the article\u2019s admin URL.',
      body: component('V1AdminPromoteBody', PromoteBody, { edition_number: 101 }),
      response: { 201: Type.Object({ item: InboxItem, article: Article }), ...moveErrors },
    },
  }, async (req, reply) => {
    const { item, article } = await promoteInboxItem(ctxOf(req), req.params.id, req.body);
    return created(reply, { item: presentInboxItem(item), article: presentArticle({ ...article, is_saved: false }) }, v1AdminUrl('articles', article.id));
  });
}

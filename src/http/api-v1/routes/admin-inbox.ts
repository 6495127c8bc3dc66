/**
 * /api/v1 admin: the editorial inbox and the audit log (seed 000, section 4). Administrators only.
 * | GET   | /admin/inbox             | status, page, limit            | items, highest score first |
 * | PATCH | /admin/inbox/:id         | { status }                     | approve, skip or reopen |
 * | POST  | /admin/inbox/:id/promote | { edition_id } or { edition_number } | a draft article on a draft edition; 409 when already promoted |
 * | GET   | /admin/audit             | entity, entity_id, action, page, limit | audit entries, newest first |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AuditQuery, listAuditEntries } from '../../../domain/audit/index.js';
import { InboxPatch, InboxQuery, listInboxItems, promoteInboxItem, PromoteBody, updateInboxItem } from '../../../domain/inbox/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { AuditEntry, presentAuditEntry } from '../records/audit-entry.js';
import { InboxItem, presentInboxItem } from '../records/inbox-item.js';
import { ErrorBody, adminUrl, created, Envelope, PagedEnvelope, PageQuery, paged } from '../schemas.js';
import { component } from '../../schema.js';

const responses = { 409: ErrorBody };
const params = Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Inbox item id (UUID)' }) });

export default async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Admin: inbox'];

  r.get('/inbox', {
    schema: {
      operationId: 'apiV1AdminListInbox', summary: 'List editorial inbox items, highest pre-screen score first', tags,
      querystring: Type.Object({ ...InboxQuery.properties, ...PageQuery(50, 200) }),
      response: { 200: PagedEnvelope(InboxItem), ...responses },
    },
  }, async (req) => {
    const { page, limit, ...filter } = req.query;
    const result = await listInboxItems(ctxOf(req), filter, pageWindow(page, limit));
    return paged(result.items.map(presentInboxItem), page, limit, result.total);
  });

  r.patch('/inbox/:id', {
    schema: {
      operationId: 'apiV1AdminSetInboxStatus', summary: 'Set an inbox item\u2019s status: approved, skipped, or pending (reopen)', tags,
      params, body: component('InboxPatch', InboxPatch),
      response: { 200: Envelope(InboxItem), ...responses },
    },
  }, async (req) => ({ data: presentInboxItem(await updateInboxItem(ctxOf(req), req.params.id, req.body)) }));

  r.post('/inbox/:id/promote', {
    schema: {
      operationId: 'apiV1AdminPromoteInboxItem', summary: 'Promote an inbox item into an unpublished article on a draft edition', tags,
      params, body: component('PromoteBody', PromoteBody),
      response: { 201: Envelope(Type.Object({ item: InboxItem, article: Article })), ...responses },
    },
  }, async (req, reply) => {
    const { item, article } = await promoteInboxItem(ctxOf(req), req.params.id, req.body);
    return created(reply, { item: presentInboxItem(item), article: presentArticle(article) }, adminUrl('articles', article.id));
  });

  r.get('/audit', {
    schema: {
      operationId: 'apiV1AdminListAudit', summary: 'Read the audit log of admin writes, newest first', tags: ['Admin: audit'],
      querystring: Type.Object({ ...AuditQuery.properties, ...PageQuery(50, 200) }),
      response: { 200: PagedEnvelope(AuditEntry), ...responses },
    },
  }, async (req) => {
    const { page, limit, ...filter } = req.query;
    const result = await listAuditEntries(ctxOf(req), filter, pageWindow(page, limit));
    return paged(result.items.map(presentAuditEntry), page, limit, result.total);
  });
}

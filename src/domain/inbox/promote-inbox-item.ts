import { adminWrite } from '../admin/admin.js';
import { insertArticle, loadArticle, type ArticleView } from '../articles/index.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam } from '../errors.js';
import { loadItem, type InboxItem } from './repository.js';
import type { PromoteInput } from './schemas.js';

/**
 * Turns an item into an article on a draft edition (`edition_id`, or `edition_number`): headline
 * from the title, content from the excerpt, source from the item, taxonomy from the detected
 * entities (unknown values are dropped). The edition stays a draft, so nothing becomes public:
 * promoting never publishes anything. Audited (the article's create and the item's promote).
 * Administrators only.
 * @throws DomainError NOT_FOUND (item), VALIDATION (no such edition), CONFLICT (already promoted; skipped; the edition is not a draft)
 */
export async function promoteInboxItem(ctx: Ctx, id: string, input: PromoteInput): Promise<{ item: InboxItem; article: ArticleView }> {
  return adminWrite(ctx, async (trx, tctx) => {
    const item = await loadItem(trx, id, true);
    if (item.status === 'promoted') throw conflict(`Inbox item ${id} is already promoted (article ${item.promoted_article_id ?? 'since deleted'})`);
    if (item.status === 'skipped') throw conflict(`Inbox item ${id} is skipped; reopen it before promoting`);
    const byId = input.edition_id !== undefined;
    const edition = await trx.selectFrom('editions').select(['id', 'number', 'status'])
      .$if(byId, (q) => q.where('id', '=', input.edition_id!))
      .$if(!byId, (q) => q.where('number', '=', input.edition_number!))
      .executeTakeFirst();
    if (!edition) throw invalidParam(byId ? 'edition_id' : 'edition_number', 'no such edition');
    if (edition.status !== 'draft') {
      throw new DomainError('CONFLICT', `Edition ${edition.number} is ${edition.status}; promote into a draft edition so that nothing is published by promotion`);
    }
    const e = item.detected_entities;
    const known = async (table: 'topics' | 'tags', values: string[] | undefined) =>
      values?.length ? (await trx.selectFrom(table).select('slug').where('slug', 'in', values).execute()).map((r) => r.slug) : [];
    const airports = e.airports?.length ? (await trx.selectFrom('airports').select('iata').where('iata', 'in', e.airports.map((a) => a.toUpperCase())).execute()).map((r) => r.iata) : [];
    const region = e.region ? (await trx.selectFrom('regions').select('slug').where('slug', '=', e.region).executeTakeFirst())?.slug : undefined;
    const country = e.country ? (await trx.selectFrom('countries').select('code').where('code', '=', e.country.toUpperCase()).executeTakeFirst())?.code : undefined;
    const articleId = await insertArticle(trx, {
      edition_id: edition.id,
      headline: item.title,
      content: item.excerpt,
      source_name: item.source_name,
      source_url: item.url,
      topics: await known('topics', e.topics),
      tags: await known('tags', e.tags),
      airports,
      ...(country ? { country } : {}),
      ...(region ? { region } : {}),
    }, tctx.now());
    await trx.updateTable('inbox_items')
      .set({ status: 'promoted', promoted_article_id: articleId, decided_by: tctx.identity!.userId, decided_at: tctx.now() })
      .where('id', '=', id).execute();
    const after = await loadItem(trx, id);
    const article = await loadArticle(trx, articleId);
    await recordAudit(trx, tctx, { action: 'create', entity: 'article', entityId: articleId, after: article });
    await recordAudit(trx, tctx, { action: 'promote', entity: 'inbox_item', entityId: id, before: { status: item.status }, after: { status: 'promoted', promoted_article_id: articleId, edition_id: edition.id } });
    return { item: after, article };
  });
}

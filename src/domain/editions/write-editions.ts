/**
 * Admin operations on editions: list (every status), create (draft by default), update (metadata,
 * executive summary, status), delete (cascades to its articles), publish.
 *
 * Rollups recomputed when an edition's status or articles change (and so on publish):
 * - `editions.article_count` of the edition;
 * - `projects.last_seen_edition_id` of every project an article of the edition mentions
 *   (`recomputeProjectRollups`): only published and archived editions count, so publishing (or
 *   unpublishing, or deleting) moves it.
 * Search facets and the public lists are computed at query time from `editions.status`; nothing
 * else is stored.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, requireAdmin } from '../admin/admin.js';
import { recordAudit, recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import type { Page, Window } from '../pagination.js';
import { recomputeProjectRollups } from '../projects/index.js';
import { listEditions, recomputeEditionRollups, type EditionView } from './repository.js';
import { EDITION_STATUSES, type EditionCreateInput, type EditionInput, type EditionStatus } from './schemas.js';

export { EDITION_STATUSES };

const columns = ['id', 'number', 'publish_date', 'status', 'summary', 'top_developments', 'key_trends', 'regional_highlights', 'key_metrics', 'article_count'] as const;

async function findById(db: Kysely<DB>, id: string): Promise<EditionView | undefined> {
  return (await db.selectFrom('editions').select(columns).where('id', '=', id).executeTakeFirst()) as unknown as EditionView | undefined;
}

/** The edition with `id` in any status. @throws DomainError NOT_FOUND */
export async function loadEdition(db: Kysely<DB>, id: string): Promise<EditionView> {
  const e = await findById(db, id);
  if (!e) throw notFound(`Edition ${id}`);
  return e;
}

async function assertNumberFree(db: Kysely<DB>, number: number, exceptId?: string): Promise<void> {
  const taken = await db.selectFrom('editions').select('id').where('number', '=', number)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!)).executeTakeFirst();
  if (taken) throw conflict(`An edition with number ${number} already exists`);
}

/** Projects mentioned by articles of the edition. */
async function projectsOf(db: Kysely<DB>, editionId: string): Promise<string[]> {
  const rows = await db.selectFrom('article_projects as ap').innerJoin('articles as a', 'a.id', 'ap.article_id')
    .select('ap.project_id').distinct().where('a.edition_id', '=', editionId).execute();
  return rows.map((r) => r.project_id);
}

/** Recomputes the rollups that depend on one edition (see the module comment). */
export async function recomputeRollupsOfEdition(db: Kysely<DB>, editionId: string, extraProjects: string[] = []): Promise<void> {
  await recomputeEditionRollups(db, editionId);
  const projects = [...new Set([...(await projectsOf(db, editionId)), ...extraProjects])];
  if (projects.length) await recomputeProjectRollups(db, projects);
}

const jsonb = (v: unknown) => JSON.stringify(v);

/** Every edition whose status is one of `statuses` (all when empty), newest first. Admins only. */
export async function adminListEditions(ctx: Ctx, statuses: EditionStatus[], window: Window): Promise<Page<EditionView>> {
  requireAdmin(ctx.identity);
  return listEditions(ctx.db, statuses.length ? statuses : [...EDITION_STATUSES], window);
}

/**
 * Creates an edition, a draft unless `status` says otherwise.
 * @throws DomainError CONFLICT when the number exists
 */
export async function createEdition(ctx: Ctx, input: EditionCreateInput): Promise<EditionView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await assertNumberFree(trx, input.number);
    const status = input.status ?? 'draft';
    const row = await trx.insertInto('editions').values({
      number: input.number,
      publish_date: input.publish_date,
      status,
      summary: input.summary ?? '',
      top_developments: jsonb(input.top_developments ?? []),
      key_trends: jsonb(input.key_trends ?? []),
      regional_highlights: jsonb(input.regional_highlights ?? []),
      key_metrics: jsonb(input.key_metrics ?? []),
      published_at: status === 'published' ? tctx.now() : null,
    }).returning('id').executeTakeFirstOrThrow();
    const created = await loadEdition(trx, row.id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'edition', entityId: row.id, after: created });
    return created;
  });
}

/**
 * Updates metadata, executive summary and/or status; a status change recomputes the rollups.
 * @throws DomainError NOT_FOUND, CONFLICT (number taken)
 */
export async function updateEdition(ctx: Ctx, id: string, input: EditionInput, action: 'update' | 'publish' = 'update'): Promise<EditionView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await loadEdition(trx, id);
    if (input.number !== undefined && input.number !== before.number) await assertNumberFree(trx, input.number, id);
    const set: Record<string, unknown> = {};
    if (input.number !== undefined) set.number = input.number;
    if (input.publish_date !== undefined) set.publish_date = input.publish_date;
    if (input.status !== undefined) set.status = input.status;
    if (input.summary !== undefined) set.summary = input.summary;
    if (input.top_developments !== undefined) set.top_developments = jsonb(input.top_developments);
    if (input.key_trends !== undefined) set.key_trends = jsonb(input.key_trends);
    if (input.regional_highlights !== undefined) set.regional_highlights = jsonb(input.regional_highlights);
    if (input.key_metrics !== undefined) set.key_metrics = jsonb(input.key_metrics);
    if (input.status === 'published' && before.status !== 'published') set.published_at = tctx.now();
    if (Object.keys(set).length) {
      await trx.updateTable('editions').set({ ...set, updated_at: tctx.now() }).where('id', '=', id).execute();
    }
    // Publish always recomputes (the seed: "publish; recompute rollups"); other updates when the status moves.
    if (action === 'publish' || (input.status !== undefined && input.status !== before.status)) await recomputeRollupsOfEdition(trx, id);
    const after = await loadEdition(trx, id);
    await recordUpdate(trx, tctx, 'edition', id, before, after, action);
    return after;
  });
}

/** Publishes an edition (whatever its status) and recomputes its rollups. @throws DomainError NOT_FOUND */
export const publishEdition = (ctx: Ctx, id: string): Promise<EditionView> => updateEdition(ctx, id, { status: 'published' }, 'publish');

/** Deletes an edition and (cascade) its articles; projects it mentioned get their rollup recomputed. @throws DomainError NOT_FOUND */
export async function deleteEdition(ctx: Ctx, id: string): Promise<void> {
  await adminWrite(ctx, async (trx, tctx) => {
    const before = await loadEdition(trx, id);
    const projects = await projectsOf(trx, id);
    const articles = await trx.selectFrom('articles').select(['id', 'headline']).where('edition_id', '=', id).orderBy('sort_order').execute();
    await trx.deleteFrom('editions').where('id', '=', id).execute();
    if (projects.length) await recomputeProjectRollups(trx, projects);
    await recordAudit(trx, tctx, { action: 'delete', entity: 'edition', entityId: id, before: { ...before, articles } });
  });
}


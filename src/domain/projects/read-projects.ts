/**
 * Reading projects: list, one project with the articles that mention it, and the export stream.
 */
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { EXPORT_BATCH_SIZE, keysetRows, type Page, type Window } from '../pagination.js';
import { allOf } from '../search/sql-filters.js';
import { projectConditions, projectOrder, selectProjectViews, type ProjectFilter, type ProjectSort, type ProjectView } from './project-query.js';

/** Where a project was mentioned: an article of a published or archived edition. */
export interface ProjectMention {
  article_id: string;
  headline: string;
  edition_number: number;
  /** `YYYY-MM-DD` */
  publish_date: string;
}

/** One window of projects matching `filter`, in `sort` order, with the total that match. */
export async function listProjects(ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window): Promise<Page<ProjectView>> {
  const where = allOf(projectConditions(filter));
  const [items, count] = await Promise.all([
    selectProjectViews(ctx.db, where)
      .orderBy(projectOrder(sort, filter.q))
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    sql<{ n: number }>`select count(*)::int as n from projects p where ${where}`.execute(ctx.db),
  ]);
  return { items: items as ProjectView[], total: count.rows[0]?.n ?? 0 };
}

/** The editions and articles where a project was mentioned, newest first. */
export async function projectMentions(ctx: Ctx, projectId: string): Promise<ProjectMention[]> {
  return ctx.db
    .selectFrom('article_projects as ap')
    .innerJoin('articles as a', 'a.id', 'ap.article_id')
    .innerJoin('editions as e', 'e.id', 'a.edition_id')
    .where('ap.project_id', '=', projectId)
    .where('e.status', 'in', ['published', 'archived'])
    .select(['a.id as article_id', 'a.headline', 'e.number as edition_number', 'e.publish_date'])
    .orderBy('e.publish_date', 'desc')
    .orderBy('a.sort_order')
    .execute();
}

/** One published project with its mentions. @throws DomainError NOT_FOUND */
export async function getProject(ctx: Ctx, id: string): Promise<ProjectView & { articles: ProjectMention[] }> {
  const project = (await selectProjectViews(ctx.db, sql<SqlBool>`p.id = ${id}::uuid and p.published`).executeTakeFirst()) as ProjectView | undefined;
  if (!project) throw notFound(`Project ${id}`);
  return { ...project, articles: await projectMentions(ctx, id) };
}

/**
 * Every project matching `filter` (at most `cap`), by title then id, read in keyset batches of
 * `EXPORT_BATCH_SIZE` so memory stays flat and no connection is held between batches. Stop
 * iterating (or `return()`) to end the export early.
 */
export function exportProjects(ctx: Ctx, filter: ProjectFilter, cap = Number.POSITIVE_INFINITY): AsyncGenerator<ProjectView> {
  const where = projectConditions(filter);
  return keysetRows<ProjectView, { title: string; id: string }>({
    batchSize: EXPORT_BATCH_SIZE,
    cap,
    cursorOf: (row) => ({ title: row.title, id: row.id }),
    fetch: async (after, limit) =>
      (await selectProjectViews(ctx.db, allOf(after ? [...where, sql<SqlBool>`(p.title, p.id) > (${after.title}, ${after.id}::uuid)`] : where))
        .orderBy(sql`p.title, p.id`)
        .limit(limit)
        .execute()) as ProjectView[],
  });
}

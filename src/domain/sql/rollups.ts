/**
 * The rollups, in one place every writer calls: an edition's `article_count` and a project's
 * `last_seen_edition_id` depend on articles, editions and their project links together, so they
 * belong to no single entity. Every write that moves an article, an edition's status or an
 * article's project links calls these in its own transaction (create-, update-, delete-article,
 * publish-, update-, delete-edition, the article project links, the sample loader).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Recomputes the `article_count` rollup of one edition (or of all when `editionId` is omitted). */
export async function recomputeEditionRollups(db: Kysely<DB>, editionId?: string): Promise<void> {
  await sql`update editions e set article_count = (select count(*) from articles a where a.edition_id = e.id)
             where ${editionId ? sql`e.id = ${editionId}::uuid` : sql`true`}`.execute(db);
}

/**
 * Recomputes each project's `last_seen_edition`: the newest published or archived edition with an
 * article that mentions it (drafts do not count until published), for all projects or the given ones.
 */
export async function recomputeProjectRollups(db: Kysely<DB>, projectIds?: string[]): Promise<void> {
  await db
    .updateTable('projects as p')
    .set((eb) => ({
      last_seen_edition_id: eb
        .selectFrom('article_projects as ap')
        .innerJoin('articles as a', 'a.id', 'ap.article_id')
        .innerJoin('editions as e', 'e.id', 'a.edition_id')
        .whereRef('ap.project_id', '=', 'p.id')
        .where('e.status', 'in', ['published', 'archived'])
        .select('e.id')
        .orderBy('e.publish_date', 'desc')
        .orderBy('e.number', 'desc')
        .limit(1),
    }))
    .$if(projectIds !== undefined, (qb) => qb.where('p.id', 'in', projectIds!.length ? projectIds! : ['00000000-0000-0000-0000-000000000000']))
    .execute();
}

/** Projects mentioned by articles of the edition. */
export async function projectsOfEdition(db: Kysely<DB>, editionId: string): Promise<string[]> {
  const rows = await db.selectFrom('article_projects as ap').innerJoin('articles as a', 'a.id', 'ap.article_id')
    .select('ap.project_id').distinct().where('a.edition_id', '=', editionId).execute();
  return rows.map((r) => r.project_id);
}

/**
 * Recomputes the rollups that depend on one edition: its `article_count`, and the
 * `last_seen_edition_id` of every project its articles mention (only published and archived
 * editions count, so publishing, unpublishing or deleting moves it).
 */
export async function recomputeRollupsOfEdition(db: Kysely<DB>, editionId: string, extraProjects: string[] = []): Promise<void> {
  await recomputeEditionRollups(db, editionId);
  const projects = [...new Set([...(await projectsOfEdition(db, editionId)), ...extraProjects])];
  if (projects.length) await recomputeProjectRollups(db, projects);
}

/** The id of the newest published edition (`undefined` when none is published): the archive of a trial preview. */
export async function latestPublishedEditionId(db: Kysely<DB>): Promise<string | undefined> {
  const row = await db.selectFrom('editions').select('id').where('status', '=', 'published')
    .orderBy('publish_date', 'desc').orderBy('number', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

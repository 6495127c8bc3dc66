/**
 * The entity links of a project (airports, companies with their role, topics, tags): the read of
 * all of them and the writes that replace one set, shared by the operations get-project-links.ts
 * and set-project-*.ts. The project's main airport (`airport_id`, which sets its place) is always
 * one of its airports: a new set without it makes the first airport of the set the main one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, lockRecord } from '../admin/admin.js';
import { resolveAirports, resolveTags, resolveTopics } from '../admin/taxonomy.js';
import { recordUpdate } from '../audit/audit-log.js';
import { resolveCompanyRefs } from '../companies/index.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { AirportRef, LinkedAirport, LinkedTerm, ProjectCompanyRef, TermSetInput } from '../shared/link-refs.js';
import { refValue } from '../shared/link-refs.js';

/** Every link of a project, as `GET /v1/admin/projects/{id}/links` returns it. */
export interface ProjectLinks {
  /** The main airport first, then by IATA code. */
  airports: (LinkedAirport & { is_main: boolean })[];
  companies: { id: string; name: string; role: string }[];
  topics: LinkedTerm[];
  tags: LinkedTerm[];
}

/** The links of project `id` (which must exist). */
export async function selectProjectLinks(db: Kysely<DB>, id: string): Promise<ProjectLinks> {
  const [main, airports, companies, topics, tags] = await Promise.all([
    db.selectFrom('projects').select('airport_id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('project_airports as x').innerJoin('airports as a', 'a.id', 'x.airport_id')
      .select(['a.id', 'a.iata as iata_code', 'a.name']).where('x.project_id', '=', id).orderBy('a.iata').execute(),
    db.selectFrom('project_companies as x').innerJoin('companies as c', 'c.id', 'x.company_id')
      .select(['c.id', 'c.name', 'x.role']).where('x.project_id', '=', id).orderBy('c.name').orderBy('x.role').execute(),
    db.selectFrom('project_topics as x').innerJoin('topics as t', 't.id', 'x.topic_id')
      .select(['t.slug', 't.name']).where('x.project_id', '=', id).orderBy('t.slug').execute(),
    db.selectFrom('project_tags as x').innerJoin('tags as t', 't.id', 'x.tag_id')
      .select(['t.slug', 't.name']).where('x.project_id', '=', id).orderBy('t.slug').execute(),
  ]);
  const withMain = airports.map((a) => ({ ...a, iata_code: String(a.iata_code), is_main: a.id === main?.airport_id }));
  withMain.sort((a, b) => Number(b.is_main) - Number(a.is_main));
  return { airports: withMain, companies, topics, tags };
}

/**
 * Replaces the airports of project `id` with `refs` (ids, IATA codes or names, or link objects).
 * When the main airport is not among them the first becomes the main airport (its name, IATA
 * code, country and region become the project's place); an empty set clears the airport and keeps
 * the country and region. @throws DomainError VALIDATION naming `airports`
 */
export async function replaceProjectAirports(trx: Kysely<DB>, id: string, refs: AirportRef[]): Promise<void> {
  const ids = [...new Set(await resolveAirports(trx, refs.map(refValue), 'airports'))];
  await trx.deleteFrom('project_airports').where('project_id', '=', id).execute();
  if (ids.length) await trx.insertInto('project_airports').values(ids.map((airport_id) => ({ project_id: id, airport_id }))).execute();
  const row = await trx.selectFrom('projects').select('airport_id').where('id', '=', id).executeTakeFirstOrThrow();
  if (row.airport_id && ids.includes(row.airport_id)) return;
  if (!ids.length) {
    await trx.updateTable('projects').set({ airport_id: null, airport_name: null, iata_code: null }).where('id', '=', id).execute();
    return;
  }
  await sql`update projects p set airport_id = a.id, airport_name = a.name, iata_code = a.iata, country_code = a.country_code, region_slug = c.region_slug
              from airports a join countries c on c.code = a.country_code where a.id = ${ids[0]}::uuid and p.id = ${id}::uuid`.execute(trx);
}

/**
 * Replaces the companies of project `id` with `refs` (each an id or a name or alias, with a role,
 * contractor by default). @throws DomainError VALIDATION naming `companies`
 */
export async function replaceProjectCompanies(trx: Kysely<DB>, id: string, refs: ProjectCompanyRef[]): Promise<void> {
  const ids = await resolveCompanyRefs(trx, refs.map((r) => r.id ?? r.name ?? ''), 'companies');
  const rows = [...new Map(ids.map((company_id, i) => {
    const role = refs[i]!.role ?? 'contractor';
    return [`${company_id}:${role}`, { project_id: id, company_id, role }];
  })).values()];
  await trx.deleteFrom('project_companies').where('project_id', '=', id).execute();
  if (rows.length) await trx.insertInto('project_companies').values(rows).execute();
}

/**
 * Replaces the topics and tags of project `id` (a list left out keeps its links).
 * @throws DomainError VALIDATION naming `topics` for an unknown topic, `tags` for a tag without letters or digits
 */
export async function replaceProjectTermSet(trx: Kysely<DB>, id: string, input: TermSetInput): Promise<void> {
  if (input.topics) {
    const ids = await resolveTopics(trx, input.topics.map(refValue), 'topics');
    await trx.deleteFrom('project_topics').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_topics').values(ids.map((topic_id) => ({ project_id: id, topic_id }))).execute();
  }
  if (input.tags) {
    const ids = [...new Set(await resolveTags(trx, input.tags.map(refValue), 'tags'))];
    await trx.deleteFrom('project_tags').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_tags').values(ids.map((tag_id) => ({ project_id: id, tag_id }))).execute();
  }
}

/**
 * Runs `change` on project `id`'s links as an administrator, in one transaction with the project
 * locked, bumps `updated_at` and records the change (links before and after) in the audit log;
 * returns the links as stored. @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND; whatever `change` throws
 */
export async function writeProjectLinks(ctx: Ctx, id: string, change: (trx: Kysely<DB>) => Promise<void>): Promise<ProjectLinks> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, 'projects', id))) throw notFound(`Project ${id}`);
    const before = await selectProjectLinks(trx, id);
    await change(trx);
    const after = await selectProjectLinks(trx, id);
    await trx.updateTable('projects').set({ updated_at: tctx.now() }).where('id', '=', id).execute();
    await recordUpdate(trx, tctx, 'project', id, before, after);
    return after;
  });
}

/**
 * Admin operations on projects: create, update (any field; place and USD value re-derived), delete.
 * Each write is audited in its own transaction.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite } from '../admin/admin.js';
import { resolveTags, resolveTopics } from '../admin/taxonomy.js';
import { recordAudit, recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound } from '../errors.js';
import { selectProjectViews, type ProjectStatus, type ProjectView } from './project-query.js';
import { insertProject, projectColumns, type NewProject } from './write-projects.js';

/** Fields an admin may set, named as in the project record. Lists replace the whole set. */
export interface ProjectInput {
  title?: string | undefined;
  description?: string | undefined;
  iata_code?: string | null | undefined;
  /** project type slug */
  project_type?: string | null | undefined;
  status?: ProjectStatus | undefined;
  value_amount?: number | null | undefined;
  value_currency?: string | null | undefined;
  value_basis?: string | null | undefined;
  announced_on?: string | null | undefined;
  expected_completion_year?: number | null | undefined;
  contractor?: string | null | undefined;
  parent_project_id?: string | null | undefined;
  topics?: string[] | undefined;
  tags?: string[] | undefined;
}

/** One project in any state. @throws DomainError NOT_FOUND */
export async function getProjectById(db: Kysely<DB>, id: string): Promise<ProjectView> {
  const p = (await selectProjectViews(db, sql<SqlBool>`p.id = ${id}::uuid`).executeTakeFirst()) as ProjectView | undefined;
  if (!p) throw notFound(`Project ${id}`);
  return p;
}

async function checkRefs(trx: Kysely<DB>, input: ProjectInput, selfId?: string): Promise<void> {
  if (input.project_type) {
    const t = await trx.selectFrom('project_types').select('slug').where('slug', '=', input.project_type).executeTakeFirst();
    if (!t) throw invalidParam('project_type', `unknown project type "${input.project_type}"`);
  }
  if (input.parent_project_id) {
    if (input.parent_project_id === selfId) throw invalidParam('parent_project_id', 'a project cannot be its own programme');
    const p = await trx.selectFrom('projects').select('id').where('id', '=', input.parent_project_id).executeTakeFirst();
    if (!p) throw invalidParam('parent_project_id', `no project ${input.parent_project_id}`);
  }
}

const toNew = (i: ProjectInput & { title: string; status: ProjectStatus }): NewProject => ({
  title: i.title,
  description: i.description,
  iata: i.iata_code,
  projectType: i.project_type,
  status: i.status,
  valueAmount: i.value_amount,
  valueCurrency: i.value_currency,
  valueBasis: i.value_basis,
  announcedOn: i.announced_on,
  expectedCompletionYear: i.expected_completion_year,
  contractor: i.contractor,
  parentProjectId: i.parent_project_id,
});

async function replaceTerms(trx: Kysely<DB>, id: string, input: ProjectInput): Promise<void> {
  if (input.topics) {
    const ids = await resolveTopics(trx, input.topics);
    await trx.deleteFrom('project_topics').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_topics').values(ids.map((topic_id) => ({ project_id: id, topic_id }))).execute();
  }
  if (input.tags) {
    const ids = await resolveTags(trx, input.tags);
    await trx.deleteFrom('project_tags').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_tags').values(ids.map((tag_id) => ({ project_id: id, tag_id }))).execute();
  }
}

/** Creates a project. @throws DomainError VALIDATION */
export async function createProject(ctx: Ctx, input: ProjectInput & { title: string }): Promise<ProjectView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await checkRefs(trx, input);
    const id = await insertProject(trx, toNew({ ...input, status: input.status ?? 'planned' }));
    await replaceTerms(trx, id, input);
    const after = await getProjectById(trx, id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'project', entityId: id, after });
    return after;
  });
}

/** Updates a project; place and `value_usd` are derived again. @throws DomainError NOT_FOUND, VALIDATION */
export async function updateProject(ctx: Ctx, id: string, input: ProjectInput): Promise<ProjectView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const before = await getProjectById(trx, id);
    await checkRefs(trx, input, id);
    const row = await trx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const pick = <K extends keyof ProjectInput>(k: K, current: ProjectInput[K]) => (input[k] !== undefined ? input[k] : current);
    const merged = toNew({
      title: pick('title', row.title)!,
      description: pick('description', row.description),
      iata_code: pick('iata_code', row.iata_code),
      project_type: pick('project_type', row.project_type_slug),
      status: pick('status', row.status as ProjectStatus)!,
      value_amount: pick('value_amount', row.value_amount),
      value_currency: pick('value_currency', row.value_currency),
      value_basis: pick('value_basis', row.value_basis),
      announced_on: pick('announced_on', row.announced_on),
      expected_completion_year: pick('expected_completion_year', row.expected_completion_year),
      contractor: pick('contractor', row.contractor),
      parent_project_id: pick('parent_project_id', row.parent_project_id),
    });
    const { columns, airportId } = await projectColumns(trx, merged);
    await trx.updateTable('projects').set({ ...columns, updated_at: tctx.now() }).where('id', '=', id).execute();
    if (input.iata_code !== undefined) {
      await trx.deleteFrom('project_airports').where('project_id', '=', id).execute();
      if (airportId) await trx.insertInto('project_airports').values({ project_id: id, airport_id: airportId }).execute();
    }
    await replaceTerms(trx, id, input);
    const after = await getProjectById(trx, id);
    await recordUpdate(trx, tctx, 'project', id, before, after);
    return after;
  });
}

/** Deletes a project (its packages keep existing, without a programme). @throws DomainError NOT_FOUND */
export async function deleteProject(ctx: Ctx, id: string): Promise<void> {
  await adminWrite(ctx, async (trx, tctx) => {
    const before = await getProjectById(trx, id);
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'project', entityId: id, before });
  });
}

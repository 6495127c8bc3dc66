/**
 * Updating a project (administrators): any field; place and `value_usd` derived again from the
 * merged record; lists replace the whole set; the change audited (before and after) in the same
 * transaction, together with the watchers' notifications of a changed status, expected completion
 * year or stated value (src/domain/notifications/notify-project-watchers.ts).
 */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { notifyProjectWatchers } from '../notifications/index.js';
import { checkProjectRefs, findProjectView, newProjectOf, projectColumns, replaceProjectTerms, type ProjectView } from './repository.js';
import type { ProjectInput, ProjectStatus } from './schemas.js';

/**
 * Changes the fields `input` gives of project `id` (any state); absent fields keep their value.
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is refused
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION
 *   (unknown airport, project type, programme, topic; a project as its own programme),
 *   CONFLICT (the project changed since the version `options.ifMatch` names)
 */
export async function updateProject(ctx: Ctx, id: string, input: ProjectInput, options: { ifMatch?: IfMatch } = {}): Promise<ProjectView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'projects', id);
    const before = await findProjectView(trx, id, { anyState: true });
    if (!before) throw notFound(`Project ${id}`);
    checkIfMatch(`Project ${id}`, before.record_version, options.ifMatch);
    await checkProjectRefs(trx, input, id);
    const row = await trx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const pick = <K extends keyof ProjectInput>(k: K, current: ProjectInput[K]) => (input[k] !== undefined ? input[k] : current);
    const merged = newProjectOf({
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
    const { columns, airportId } = await projectColumns(trx, merged, tctx.now());
    await trx.updateTable('projects').set({ ...columns, updated_at: tctx.now() }).where('id', '=', id).execute();
    if (input.iata_code !== undefined) {
      await trx.deleteFrom('project_airports').where('project_id', '=', id).execute();
      if (airportId) await trx.insertInto('project_airports').values({ project_id: id, airport_id: airportId }).execute();
    }
    await replaceProjectTerms(trx, id, input);
    const after = (await findProjectView(trx, id, { anyState: true }))!;
    await recordUpdate(trx, tctx, 'project', id, before, after);
    // Watchers learn of a new status, completion year or stated value in this same transaction.
    await notifyProjectWatchers(trx, id, before, after, tctx.now());
    return after;
  });
}

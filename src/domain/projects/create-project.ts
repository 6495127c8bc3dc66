/**
 * Creating a project (administrators): place and `value_usd` derived, topics and tags linked, the
 * write audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { checkProjectRefs, findProjectView, insertProject, newProjectOf, replaceProjectTerms, type ProjectView } from './repository.js';
import type { ProjectCreateInput } from './schemas.js';

/**
 * Creates a project (status `planned` unless given) and returns it as stored, published or not.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), VALIDATION (unknown
 *   airport, project type, programme, topic)
 */
export async function createProject(ctx: Ctx, input: ProjectCreateInput): Promise<ProjectView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await checkProjectRefs(trx, input);
    const id = await insertProject(trx, newProjectOf({ ...input, status: input.status ?? 'planned' }), tctx.now());
    await replaceProjectTerms(trx, id, input);
    const after = await findProjectView(trx, id, { anyState: true });
    if (!after) throw notFound(`Project ${id}`);
    await recordAudit(trx, tctx, { action: 'create', entity: 'project', entityId: id, after });
    return after;
  });
}

/**
 * Shared pieces of the /v1/admin record tests: JSON calls as a given caller, and the audit entries
 * of one record.
 */
import type { Harness, TestIdentity } from '../helpers/harness.js';

/** Sends `method url` with `body` (JSON) as `who`. */
export const call = (h: Harness, who: TestIdentity, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  h.app.inject({ method, url, headers: who.keyAuth, ...(body === undefined ? {} : { payload: body as object }) });

/** The audit entries of `entity` `id`, oldest first. */
export const auditOf = (h: Harness, entity: string, id: string) =>
  h.database.db.selectFrom('audit_log').select(['action', 'before', 'after', 'actor_user_id']).where('entity', '=', entity).where('entity_id', '=', id).orderBy('id').execute();

/** The names of the fields a 400 problem names. */
export const fieldsOf = (body: { errors?: { name: string }[]; detail: string }) => (body.errors ?? []).map((e) => e.name);

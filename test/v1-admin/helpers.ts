/** Shared helpers of the /v1/admin tests: calls as a caller, problem checks, audit counts. */
import assert from 'node:assert/strict';
import type { Harness, TestIdentity } from '../helpers/harness.js';

/** One request as `who` (a JSON body when given). */
export const call = (h: Harness, who: TestIdentity, method: string, url: string, body?: unknown) =>
  h.app.inject({ method: method as 'GET', url, headers: { ...who.keyAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

/** Expects a problem+json answer of `status`; with `field`, its `errors` must name it. Returns the body. */
export async function expectProblem(res: Awaited<ReturnType<typeof call>>, status: number, field?: string, detail?: RegExp) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
  const body = res.json();
  if (field) assert.ok((body.errors ?? []).some((e: { name: string }) => e.name === field), `errors name ${field}: ${res.body}`);
  if (detail) assert.match(body.detail, detail);
  return body;
}

/** Audit entries of one record. */
export async function auditCount(h: Harness, entity: string, entityId: string): Promise<number> {
  const row = await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('entity', '=', entity).where('entity_id', '=', entityId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A uuid that names nothing. */
export const NOBODY = '00000000-0000-4000-8000-000000000000';

/** The audit entries of `entity` `id`, oldest first. */
export const auditOf = (h: Harness, entity: string, id: string) =>
  h.database.db.selectFrom('audit_log').select(['action', 'before', 'after', 'actor_user_id']).where('entity', '=', entity).where('entity_id', '=', id).orderBy('id').execute();

/** The names of the fields a 400 problem names. */
export const fieldsOf = (body: { errors?: { name: string }[]; detail: string }) => (body.errors ?? []).map((e) => e.name);

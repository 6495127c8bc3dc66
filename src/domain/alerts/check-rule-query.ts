/**
 * An alert rule's query, checked by the schema of its subject's list (each entity's schemas.ts: the one
 * the /v1 routes validate with) and by the gate of that list: a query the caller cannot read is
 * refused, naming the feature (a trial's preview passes; its rule then sees the preview).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Type } from 'typebox';
import type { Identity } from '../context.js';
import { requireGates, type Feature } from '../entitlements.js';
import { invalidParam } from '../errors.js';
import { searchArchive, searchParams } from '../articles/index.js';
import { listProjects, projectParams } from '../projects/index.js';
import { listTenders, tenderParams } from '../tenders/index.js';
import type { AlertSubject } from './schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: true }));

/** Per subject: the list's parameter schema (no unknown parameter) and the list's gate. */
const SUBJECTS: Record<AlertSubject, { validate: ValidateFunction; gates: readonly Feature[]; list: string }> = {
  articles: { validate: ajv.compile(Type.Object(searchParams, { additionalProperties: false })), gates: searchArchive.gates, list: '/v1/search' },
  projects: { validate: ajv.compile(Type.Object(projectParams, { additionalProperties: false })), gates: listProjects.gates, list: '/v1/projects' },
  tenders: { validate: ajv.compile(Type.Object(tenderParams, { additionalProperties: false })), gates: listTenders.gates, list: '/v1/tenders' },
};

/**
 * Checks `query` for `subject` as its list would, and that `identity` may read that list; returns
 * the query with text values of numbers and flags turned into JSON numbers and booleans (`"2025"` → 2025).
 * @throws DomainError VALIDATION naming `query.<parameter>` and the problem
 * @throws DomainError FORBIDDEN naming the feature the caller lacks
 */
export function checkRuleQuery(identity: Identity, subject: AlertSubject, query: unknown): Record<string, unknown> {
  const s = SUBJECTS[subject];
  const value = structuredClone(query) as Record<string, unknown>;
  if (!s.validate(value)) {
    const e = s.validate.errors?.[0];
    const extra = e?.keyword === 'additionalProperties' ? String((e.params as { additionalProperty?: string }).additionalProperty) : '';
    const path = `query${(e?.instancePath ?? '').replace(/\//g, '.')}${extra ? `.${extra}` : ''}`;
    const problem = e?.keyword === 'additionalProperties' ? `is not a parameter of ${s.list}` : (e?.message ?? 'is invalid');
    throw invalidParam(path, problem);
  }
  requireGates(identity, s.gates);
  return value;
}

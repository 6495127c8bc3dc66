/**
 * Turns Fastify/ajv schema-validation failures into one clear sentence that names the parameter,
 * for every face. Example: `Invalid query parameter "page": must be an integer`.
 */
import type { FastifyError } from 'fastify';
import { patternHint } from '../domain/shared/input-schema.js';

/** A validation failure described for a caller. */
export interface ValidationProblem {
  /** The parameter or body field at fault (dotted path for nested fields). */
  param: string;
  /** `query parameter`, `path parameter`, `body field` or `header`. */
  where: string;
  /** What is wrong, e.g. `must be <= 50`. */
  problem: string;
  /** The whole sentence. */
  message: string;
}

const WHERE: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function describe(issue: AjvIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'type':
      return `must be ${p.type === 'integer' ? 'an integer' : p.type === 'array' ? 'a list' : `a ${String(p.type)}`}`;
    case 'minimum':
      return `must be >= ${String(p.limit)}`;
    case 'maximum':
      return `must be <= ${String(p.limit)}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return p.format === 'uuid' ? 'must be a UUID' : `must be a valid ${String(p.format)}`;
    case 'pattern':
      return String(p.pattern) === '^[0-9]{4}$' ? 'must be a four-digit year' : (patternHint(String(p.pattern)) ?? `must match ${String(p.pattern)}`);
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'controlCharacters':
      return 'must not contain control characters (other than tab, line feed and carriage return) or invalid Unicode';
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    case 'minProperties':
      return Number(p.limit) === 1 ? 'must not be empty' : `must have at least ${String(p.limit)} fields`;
    case 'maxProperties':
      return `must have at most ${String(p.limit)} fields`;
    case 'additionalProperties': {
      const accepted = p.accepted as string[] | undefined;
      if (!accepted) return 'is not a known field';
      return accepted.length ? `is not a parameter of this endpoint; accepted: ${accepted.join(', ')}` : 'is not a parameter of this endpoint, which takes no query parameters';
    }
    case 'required':
      return 'is required';
    default:
      return issue.message ?? 'is invalid';
  }
}

/** Describes the first problem of a validation error, or `undefined` when `error` is not one. */
export function describeValidationError(error: FastifyError): ValidationProblem | undefined {
  const issues = error.validation as AjvIssue[] | undefined;
  if (!issues || issues.length === 0) return undefined;
  const issue = issues[0]!;
  const where = WHERE[error.validationContext ?? ''] ?? 'parameter';
  let param = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') param = [param, String(issue.params.missingProperty)].filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties') param = [param, String(issue.params.additionalProperty)].filter(Boolean).join('.');
  if (!param) param = where === 'body field' ? 'body' : where;
  const problem = describe(issue);
  return { param, where, problem, message: `Invalid ${where} "${param}": ${problem}` };
}

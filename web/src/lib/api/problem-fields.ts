/**
 * Reading a refused write for a form (the desk, docs/web-app.md): which fields the problem document names
 * (`errors[].name`, or the `Invalid parameter "x"` of its detail) and whether the record changed
 * under the editor (409: `If-Match` refused, decision 0050, or another conflict).
 */
import { ApiError } from './errors';

/** The problem's reasons by field name (empty when it names none). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const e of error.problem.errors ?? []) out[e.name] = e.reason;
  const named = /Invalid (?:parameter|body field) "([^"]+)": (.+)$/.exec(error.problem.detail ?? '');
  if (named && !out[named[1]!]) out[named[1]!] = named[2]!;
  return out;
}

/** Whether `error` says the record was changed by someone else since it was read (409). */
export const isStaleWrite = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/** The `If-Match` header value of a record's version. */
export const ifMatch = (version: string): string => `"${version}"`;

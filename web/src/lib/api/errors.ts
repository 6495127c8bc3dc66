/**
 * Errors of the `/v1` edition are RFC 9457 problem documents; {@link ApiError} carries one to the
 * components, {@link unwrap} turns an openapi-fetch answer into its data or an ApiError.
 */

/** A problem document (the fields the app reads). */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: { name: string; in?: string; reason: string }[];
}

/** A refused request: status and problem document. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly problem: Problem) {
    super(problem.detail || problem.title || `The service answered ${status}`);
    this.name = 'ApiError';
  }
}

/** The data of a successful answer; throws {@link ApiError} otherwise. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const problem = (result.error && typeof result.error === 'object' ? result.error : {}) as Problem;
    throw new ApiError(result.response.status, problem);
  }
  return result.data as T;
}

/** A sentence for a person about `error` (the problem's detail when there is one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
    const fields = error.problem.errors?.map((e) => `${e.name}: ${e.reason}`).join('; ');
    return fields ? `${error.message} (${fields})` : error.message;
  }
  if (error instanceof TypeError) return 'The service could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The reason a refused write gives for field `name` (a problem's `errors` entry), for the message next to that field. */
export function fieldError(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const hit = error.problem.errors?.find((e) => e.name === name || e.name.startsWith(`${name}/`) || e.name.startsWith(`${name}.`));
  return hit?.reason;
}

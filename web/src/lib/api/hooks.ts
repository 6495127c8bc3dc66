/**
 * The one shape of a feature's request hooks (the desk's records and editions): a query whose data
 * is the unwrapped answer of one typed client call, and a mutation that calls the client, unwraps
 * the answer (a refusal throws {@link ApiError}) and refreshes the cached reads it changed. The
 * request is written at the call site through the generated client (`api.GET('/v1/…')`), so paths,
 * bodies and answers stay typed by the OpenAPI description.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { unwrap, type ApiError } from './errors';

/** What an openapi-fetch call answers. */
type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * Query options (for `useQuery`, `fetchQuery`, prefetching) whose data is `request`'s answer, or
 * the part of it `pick` keeps (a list's array).
 */
export function apiQuery<T, U = T>(queryKey: QueryKey, request: () => Promise<Answer<T>>, pick: (data: T) => U = (data) => data as unknown as U) {
  return queryOptions({ queryKey, queryFn: async () => pick(unwrap(await request())) });
}

/**
 * A mutation over one client call: `request(vars)`, unwrapped; on success `onSuccess` (e.g. to put
 * the answer in the cache) runs first, then the reads under `invalidates` are refetched (the
 * mutation settles once they are).
 */
export function useApiMutation<V, T>(
  request: (vars: V) => Promise<Answer<T>>,
  { invalidates, onSuccess }: { invalidates?: QueryKey; onSuccess?: (qc: QueryClient, data: T, vars: V) => void } = {},
) {
  const qc = useQueryClient();
  return useMutation<T, ApiError | Error, V>({
    mutationFn: async (vars) => unwrap(await request(vars)),
    onSuccess: (data, vars) => {
      onSuccess?.(qc, data, vars);
      return invalidates ? qc.invalidateQueries({ queryKey: invalidates }) : undefined;
    },
  });
}

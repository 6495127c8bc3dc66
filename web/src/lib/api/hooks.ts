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
export type Answer = { data?: unknown; error?: unknown; response: Response };
/** The data of a successful answer `R` (inferred from the call, so the client's own overloads pick its types). */
export type DataOf<R> = R extends { data?: infer D } ? Exclude<D, undefined> : never;

const options = <U>(queryKey: QueryKey, queryFn: () => Promise<U>) => queryOptions<U, Error, U, QueryKey>({ queryKey, queryFn });

/** Query options (for `useQuery`, `fetchQuery`, prefetching) whose data is `request`'s answer. */
export function apiQuery<R extends Answer>(queryKey: QueryKey, request: () => Promise<R>) {
  return options(queryKey, async () => unwrap(await request()) as DataOf<R>);
}

/** {@link apiQuery} whose data is the part of the answer `pick` keeps (a list's array). */
export function apiQueryOf<R extends Answer, U>(queryKey: QueryKey, request: () => Promise<R>, pick: (data: DataOf<R>) => U) {
  return options(queryKey, async () => pick(unwrap(await request()) as DataOf<R>));
}

/**
 * A mutation over one client call: `request(vars)`, unwrapped; on success `onSuccess` (e.g. to put
 * the answer in the cache) runs first, then the reads under `invalidates` are refetched (the
 * mutation settles once they are).
 */
export function useApiMutation<V, R extends Answer>(
  request: (vars: V) => Promise<R>,
  { invalidates, onSuccess }: { invalidates?: QueryKey; onSuccess?: (qc: QueryClient, data: DataOf<R>, vars: V) => void } = {},
) {
  const qc = useQueryClient();
  return useMutation<DataOf<R>, ApiError | Error, V>({
    mutationFn: async (vars) => unwrap(await request(vars)) as DataOf<R>,
    onSuccess: (data, vars) => {
      onSuccess?.(qc, data, vars);
      return invalidates ? qc.invalidateQueries({ queryKey: invalidates }) : undefined;
    },
  });
}

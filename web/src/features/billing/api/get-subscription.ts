/** `GET /v1/account/subscription`: null when the account has none (the service answers 404). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ApiError, unwrap } from '../../../lib/api/errors';

export const subscriptionQueryKey = ['account', 'subscription'] as const;

export async function getSubscription() {
  try {
    return unwrap(await api.GET('/v1/account/subscription'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const subscriptionQuery = queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription });

export function useSubscription(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...subscriptionQuery, refetchInterval: options.refetchInterval ?? false });
}

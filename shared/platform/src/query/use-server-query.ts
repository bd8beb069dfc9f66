import { errorMessage } from '@lending/platform';
import {
  type QueryKey,
  useQuery,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

import { queryClient } from './query-client';

/** A query on the page's cache. The client is passed, not read from React context: each
 *  single-spa application renders its own root, and none of them needs a provider for the cache
 *  to be the same one. */
export function useServerQuery<
  TQueryFnData,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>): UseQueryResult<TData, Error> {
  return useQuery(options, queryClient);
}

export interface LoadStatusOf {
  /** Nothing to show yet (first load, or trying again after a failure). */
  loading: boolean;
  /** The API's message (or the translated fallback) when the load failed and nothing is shown. */
  error: string | null;
  onRetry: () => void;
}

/** What the standard loading/error/retry display needs from one or more queries: loading until
 *  every one has data, the first failure's message, and a retry of the failed ones. */
export function loadStatusOf(...queries: UseQueryResult<unknown, Error>[]): LoadStatusOf {
  const waiting = queries.filter((query) => query.data === undefined);
  const failed = waiting.find((query) => query.isError && !query.isFetching);
  return {
    loading: waiting.length > 0 && !failed,
    error: failed ? errorMessage(failed.error) : null,
    onRetry: () => {
      for (const query of waiting) if (query.isError) void query.refetch();
    },
  };
}

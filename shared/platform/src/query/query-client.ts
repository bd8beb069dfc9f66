import type { Application } from '@lending/contracts';
import { ApiError, bus, type EventBus, httpStatus } from '@lending/platform';
import { hashKey, QueryClient } from '@tanstack/react-query';

import { queryKeys, type QueryResource, USER_SCOPED_RESOURCES } from './query-keys';

/** A request that never got an answer (offline, timeout) may succeed a moment later; an answer
 *  the server gave (4xx: refused, 5xx: failed) would only be given again. */
function reachedNoServer(error: unknown): boolean {
  return error instanceof ApiError && httpStatus(error) === null;
}

export function retryOnceOnNetworkFailure(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && reachedNoServer(error);
}

export function createPageQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryOnceOnNetworkFailure,
        // Screens refetch when they mount and when the bus says something changed; a refetch on
        // every return to the tab would reset forms half filled in.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

const isUserScoped = (key: readonly unknown[]) =>
  USER_SCOPED_RESOURCES.has(key[0] as QueryResource);

/** The bus keeps the cache honest: a changed application is fetched again wherever it is shown,
 *  and one person's data never shows to the next one signing in on the same page. Returns the
 *  disconnect. */
export function connectQueryCacheToBus(client: QueryClient, events: EventBus): () => void {
  const subscriptions = [
    events.on('application.updated').subscribe(({ application }) => {
      if (application) cacheSavedApplication(application, client);
      const fresh = application ? hashKey(queryKeys.application.current(application.userId)) : null;
      void client.invalidateQueries({
        queryKey: queryKeys.application.all(),
        // What the event brought is the server's answer already: no need to read it again.
        predicate: (query) => query.queryHash !== fresh,
      });
    }),
    events.on('session.changed').subscribe(() => {
      void client.cancelQueries({ predicate: (query) => isUserScoped(query.queryKey) });
      client.removeQueries({ predicate: (query) => isUserScoped(query.queryKey) });
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

/** The page's one cache: this module is a shared singleton, so the shell and every remote's React
 *  root read and fill the same entries. */
export const queryClient = createPageQueryClient();
connectQueryCacheToBus(queryClient, bus);

/** A save that answers with the whole application puts it in the cache: every screen showing the
 *  current application has the server's version without fetching it again. */
export function cacheSavedApplication(
  application: Application,
  client: QueryClient = queryClient,
): void {
  client.setQueryData(queryKeys.application.current(application.userId), application);
}

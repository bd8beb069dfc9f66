import type { Application } from '@lending/contracts';
import { applicationApi, errorMessage, useAccount, useSession } from '@lending/platform';
import { cacheSavedApplication, queryKeys, useServerQuery } from '@lending/platform/query';
import { useCallback } from 'react';

export type CurrentApplication =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'none' }
  | { status: 'signedOut' }
  | { status: 'ready'; application: Application };

/** The signed-in applicant's open application (newest that is neither cancelled nor rejected),
 *  or that nobody is signed in, with a way to reload it and to take the server's answer after a save. */
export function useCurrentApplication() {
  const account = useAccount();
  const signedIn = useSession().accessToken !== null;
  const userId = account.user?.id ?? null;
  const query = useServerQuery({
    queryKey: queryKeys.application.current(userId ?? ''),
    queryFn: () => applicationApi.current(userId ?? ''),
    enabled: userId !== null && signedIn,
  });

  const state: CurrentApplication = !signedIn
    ? { status: 'signedOut' }
    : !userId
      ? { status: 'none' }
      : query.data !== undefined
        ? query.data
          ? { status: 'ready', application: query.data }
          : { status: 'none' }
        : query.isError && !query.isFetching
          ? { status: 'failed', message: errorMessage(query.error) }
          : { status: 'loading' };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback((application: Application) => cacheSavedApplication(application), []);
  return { state, reload, replace };
}

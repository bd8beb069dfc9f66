import { useCallback, useEffect, useState } from 'react';
import type { Application } from '@lending/contracts';
import { applicationApi, errorMessage, useAccount } from '@lending/platform';

export type CurrentApplication =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'none' }
  | { status: 'ready'; application: Application };

/** The application a save just answered with, for the page the save moves on to: that page
 *  shows it instead of reading it again. Taken by the next page that asks, for the same user. */
let handedOver: Application | null = null;

export function handOverApplication(application: Application): void {
  handedOver = application;
}

/** The signed-in applicant's open application (newest that is neither cancelled nor rejected),
 *  with a way to reload it and to take the server's answer after a save. */
export function useCurrentApplication() {
  const account = useAccount();
  const userId = account.user?.id ?? null;
  const [state, setState] = useState<CurrentApplication>(() =>
    handedOver && handedOver.userId === userId
      ? { status: 'ready', application: handedOver }
      : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    if (!userId) {
      setState({ status: 'none' });
      return;
    }
    if (attempt === 0 && handedOver?.userId === userId) {
      setState({ status: 'ready', application: handedOver });
      handedOver = null;
      return;
    }
    setState({ status: 'loading' });
    applicationApi.current(userId).then(
      (application) => {
        if (!cancelled)
          setState(application ? { status: 'ready', application } : { status: 'none' });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback(
    (application: Application) => setState({ status: 'ready', application }),
    [],
  );
  return { state, reload, replace };
}

import { useEffect, useState } from 'react';
import type { Application } from '@lending/contracts';
import { applicationApi, errorMessage, useAccount } from '@lending/platform';

export type OpenApplication =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'none' }
  | { status: 'ready'; application: Application };

/** The signed-in applicant's open application, as the server has it. */
export function useOpenApplication(): OpenApplication {
  const userId = useAccount().user?.id ?? null;
  const [state, setState] = useState<OpenApplication>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    if (!userId) {
      setState({ status: 'none' });
      return;
    }
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
  }, [userId]);
  return state;
}

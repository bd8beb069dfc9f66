import type { EkycSession, EkycStartResponse } from '@lending/contracts';
import { ekycApi, errorMessage } from '@lending/platform';
import { queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { useCallback, useState } from 'react';

const POLL_MS = 3000;

export type EkycState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'waiting'; link: EkycStartResponse; session: EkycSession | null }
  | { phase: 'confirming'; link: EkycStartResponse; session: EkycSession | null };

type Flow =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'waiting' | 'confirming'; link: EkycStartResponse; polling: boolean };

/** Starts a verification and follows it while the applicant works on the phone. */
export function useEkycSession(applicationId: string | null, language: 'EN' | 'MS') {
  const [flow, setFlow] = useState<Flow>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const following = flow.phase === 'waiting' || flow.phase === 'confirming' ? flow : null;
  const link = following?.link ?? null;

  const sessionQuery = useServerQuery<EkycSession | null>({
    queryKey: queryKeys.ekyc.session(link?.sessionId ?? ''),
    queryFn: () => ekycApi.session(link?.sessionId ?? ''),
    enabled: following?.polling ?? false,
    // Nothing to show until the first poll, one interval after the link was made.
    initialData: null,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: POLL_MS,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'PENDING' ? false : POLL_MS,
    // A missed poll is made up by the next one.
    retry: false,
  });

  const start = useCallback(async () => {
    if (!applicationId) return;
    setError(null);
    setFlow({ phase: 'starting' });
    try {
      const started = await ekycApi.start({ applicationId, language });
      setFlow({ phase: 'waiting', link: started, polling: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setFlow({ phase: 'idle' });
    }
  }, [applicationId, language]);

  const confirm = useCallback(async (): Promise<boolean> => {
    if (flow.phase !== 'waiting') return false;
    setError(null);
    setFlow({ ...flow, phase: 'confirming' });
    try {
      const session = await ekycApi.confirm(flow.link.sessionId);
      queryClient.setQueryData(queryKeys.ekyc.session(flow.link.sessionId), session);
      setFlow({ phase: 'waiting', link: flow.link, polling: false });
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      setFlow({ ...flow, phase: 'waiting' });
      return false;
    }
  }, [flow]);

  const state: EkycState = following
    ? { phase: following.phase, link: following.link, session: sessionQuery.data ?? null }
    : { phase: flow.phase === 'starting' ? 'starting' : 'idle' };

  return { state, error, start, confirm };
}

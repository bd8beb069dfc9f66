import { useCallback, useEffect, useRef, useState } from 'react';
import type { EkycSession, EkycStartResponse } from '@lending/contracts';
import { ekycApi, errorMessage } from '@lending/platform';

const POLL_MS = 3000;

export type EkycState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'waiting'; link: EkycStartResponse; session: EkycSession | null }
  | { phase: 'confirming'; link: EkycStartResponse; session: EkycSession | null };

/** Starts a verification and follows it while the applicant works on the phone. */
export function useEkycSession(applicationId: string | null, language: 'EN' | 'MS') {
  const [state, setState] = useState<EkycState>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopPolling = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stopPolling, [stopPolling]);

  const start = useCallback(async () => {
    if (!applicationId) return;
    stopPolling();
    setError(null);
    setState({ phase: 'starting' });
    try {
      const link = await ekycApi.start({ applicationId, language });
      setState({ phase: 'waiting', link, session: null });
      timer.current = setInterval(() => {
        ekycApi.session(link.sessionId).then(
          (session) => {
            setState((current) =>
              current.phase === 'waiting' && current.link.sessionId === session.sessionId
                ? { ...current, session }
                : current,
            );
            if (session.status !== 'PENDING') stopPolling();
          },
          () => undefined,
        );
      }, POLL_MS);
    } catch (failure) {
      setError(errorMessage(failure));
      setState({ phase: 'idle' });
    }
  }, [applicationId, language, stopPolling]);

  const confirm = useCallback(async (): Promise<boolean> => {
    if (state.phase !== 'waiting') return false;
    setError(null);
    setState({ ...state, phase: 'confirming' });
    try {
      const session = await ekycApi.confirm(state.link.sessionId);
      stopPolling();
      setState({ phase: 'waiting', link: state.link, session });
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      setState({ phase: 'waiting', link: state.link, session: state.session });
      return false;
    }
  }, [state, stopPolling]);

  return { state, error, start, confirm };
}

import type { EkycSession } from '@lending/contracts';
import { ekycApi } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { act, renderHook, waitFor } from '@testing-library/react';

import { useEkycSession } from './use-ekyc-session';

const link = {
  sessionId: 'ekyc-1',
  captureUrl: 'https://capture.example/ekyc-1',
  expiresAt: '2026-11-24T03:00:00.000Z',
};

function session(status: EkycSession['status']): EkycSession {
  return {
    sessionId: link.sessionId,
    applicationId: 'app-1',
    status,
    message: null,
    expiresAt: link.expiresAt,
    completedAt: null,
    confirmedAt: null,
  };
}

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('useEkycSession', () => {
  it('polls the session one interval after the link is made, and stops once confirmed', async () => {
    jest.spyOn(ekycApi, 'start').mockResolvedValue(link);
    const polled = jest.spyOn(ekycApi, 'session').mockResolvedValue(session('PENDING'));
    jest.spyOn(ekycApi, 'confirm').mockResolvedValue(session('PASSED'));
    const { result } = renderHook(() => useEkycSession('app-1', 'EN'));

    await act(() => result.current.start());
    expect(result.current.state).toEqual({ phase: 'waiting', link, session: null });
    expect(polled).not.toHaveBeenCalled();

    await waitFor(
      () => expect(result.current.state).toMatchObject({ session: { status: 'PENDING' } }),
      { timeout: 4000 },
    );

    let confirmed = false;
    await act(async () => {
      confirmed = await result.current.confirm();
    });
    expect(confirmed).toBe(true);
    await waitFor(() =>
      expect(result.current.state).toMatchObject({
        phase: 'waiting',
        session: { status: 'PASSED' },
      }),
    );
    const pollsSoFar = polled.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
    expect(polled.mock.calls.length).toBe(pollsSoFar);
  }, 15_000);
});

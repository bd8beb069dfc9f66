import type { Application } from '@lending/contracts';
import { accountStore, applicationApi, bus, session } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { act, renderHook, waitFor } from '@testing-library/react';

import { useCurrentApplication } from './use-current-application';

const USER = '00000000-0000-4000-8000-000000000001';

function application(referenceNo: string): Application {
  return { id: 'app-1', userId: USER, referenceNo, status: 'DRAFT' } as Application;
}

beforeEach(() => {
  session.setApplicantTokens({ accessToken: 'access', refreshToken: 'refresh' });
  accountStore.set({ user: { id: USER, firstName: 'Siti' }, application: null, agreement: null });
  // What an earlier screen of the page already loaded, fresh enough not to be fetched again.
  queryClient.setQueryDefaults(queryKeys.application.all(), { staleTime: Infinity });
  queryClient.setQueryData(queryKeys.application.current(USER), application('REF-1'));
});

afterEach(() => {
  queryClient.setQueryDefaults(queryKeys.application.all(), { staleTime: 0 });
  queryClient.clear();
  accountStore.set({ user: null, application: null, agreement: null });
  session.clear();
});

const referenceOf = (state: ReturnType<typeof useCurrentApplication>['state']) =>
  state.status === 'ready' ? state.application.referenceNo : state.status;

describe('useCurrentApplication', () => {
  it('shows what the page already loaded, and a save reaches every screen showing it', async () => {
    const form = renderHook(() => useCurrentApplication());
    const steps = renderHook(() => useCurrentApplication());
    expect(referenceOf(form.result.current.state)).toBe('REF-1');

    act(() => form.result.current.replace(application('REF-SAVED')));

    await waitFor(() => expect(referenceOf(steps.result.current.state)).toBe('REF-SAVED'));
    expect(referenceOf(form.result.current.state)).toBe('REF-SAVED');
  });

  it('takes a save announced with its answer without reading the application again', async () => {
    const read = jest
      .spyOn(applicationApi, 'current')
      .mockResolvedValue(application('REF-READ-AGAIN'));
    const { result } = renderHook(() => useCurrentApplication());

    act(() =>
      bus.emit('application.updated', {
        applicationId: 'app-1',
        status: 'DRAFT',
        application: application('REF-SAVED'),
      }),
    );
    await waitFor(() => expect(referenceOf(result.current.state)).toBe('REF-SAVED'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(read).not.toHaveBeenCalled();

    // A change announced without the answer (from elsewhere) is read from the server.
    act(() => bus.emit('application.updated', { applicationId: 'app-1' }));
    await waitFor(() => expect(referenceOf(result.current.state)).toBe('REF-READ-AGAIN'));
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('forgets the application when the person signs out', async () => {
    const { result } = renderHook(() => useCurrentApplication());
    expect(referenceOf(result.current.state)).toBe('REF-1');

    act(() => {
      session.clear();
      accountStore.set({ user: null, application: null, agreement: null });
      bus.emit('session.changed', { loggedIn: false, userId: null });
    });

    await waitFor(() => expect(result.current.state.status).toBe('signedOut'));
    expect(queryClient.getQueryData(queryKeys.application.current(USER))).toBeUndefined();
  });
});

import '../testing/jsdom-polyfills';
import { act, renderHook } from '@testing-library/react';
import { accountStore } from '@lending/platform';
import { draftApplication } from '../testing/test-harness';
import { handOverApplication, useCurrentApplication } from './use-current-application';

describe('the current application after a section save', () => {
  it('is the application the save answered with, not read again', async () => {
    accountStore.set({ user: { id: 'user-1', firstName: 'Aisyah' }, agreement: null });
    const saved = draftApplication({ progress: ['APPLICATIONFORMCOMPLETED'] });
    handOverApplication(saved);
    const { result, unmount } = renderHook(() => useCurrentApplication());
    expect(result.current.state).toEqual({ status: 'ready', application: saved });
    // A read from the server would pass through 'loading' and, with no server here, fail.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(result.current.state).toEqual({ status: 'ready', application: saved });
    unmount();
    accountStore.clear();
  });
});

import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';

import { type LiveChecks, NO_LIVE_PROBLEMS, useSettledCheck } from './live-checks';

function useEmailFlag(input: string | null, ask: (input: string) => Promise<boolean>) {
  const [live, setLive] = useState<LiveChecks>({ ...NO_LIVE_PROBLEMS, emailTaken: true });
  useSettledCheck('emailTaken', input, ask, 500, setLive);
  return live;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useSettledCheck', () => {
  it('asks only once the input has settled, and drops the answer about an older input', async () => {
    const asked: string[] = [];
    const ask = (input: string) => {
      asked.push(input);
      return Promise.resolve(input === 'taken@example.com');
    };
    const hook = renderHook(({ input }) => useEmailFlag(input, ask), {
      initialProps: { input: 'taken@example.com' as string | null },
    });
    await act(async () => jest.advanceTimersByTime(300));
    hook.rerender({ input: 'free@example.com' });
    await act(async () => jest.advanceTimersByTime(499));
    expect(asked).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    expect(asked).toEqual(['free@example.com']);
    expect(hook.result.current.emailTaken).toBe(false);

    hook.rerender({ input: 'taken@example.com' });
    await act(async () => jest.advanceTimersByTime(500));
    expect(hook.result.current.emailTaken).toBe(true);
  });

  it('lowers the flag at once while there is nothing to ask, and keeps it on a failed answer', async () => {
    const fails = () => Promise.reject(new Error('unreachable'));
    const hook = renderHook(({ input }) => useEmailFlag(input, fails), {
      initialProps: { input: 'someone@example.com' as string | null },
    });
    await act(async () => jest.advanceTimersByTime(500));
    expect(hook.result.current.emailTaken).toBe(true);
    hook.rerender({ input: null });
    expect(hook.result.current.emailTaken).toBe(false);
    expect(hook.result.current.partnerInvalid).toBe(false);
  });
});

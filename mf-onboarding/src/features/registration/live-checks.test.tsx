import { registrationApi } from '@lending/platform';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';

import {
  type LiveChecks,
  NO_LIVE_PROBLEMS,
  useBusinessNumberCheck,
  useContactCheck,
  useSettledCheck,
} from './live-checks';

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

describe('the checks that tell whether an account exists', () => {
  afterEach(() => jest.restoreAllMocks());

  function useContactFlag(botPass: string | null) {
    const [live, setLive] = useState<LiveChecks>(NO_LIVE_PROBLEMS);
    useContactCheck('taken@example.com', '+60123456789', botPass, setLive);
    return live;
  }
  function useBusinessFlag(botPass: string | null) {
    const [live, setLive] = useState<LiveChecks>(NO_LIVE_PROBLEMS);
    useBusinessNumberCheck('202403012345', false, botPass, setLive);
    return live;
  }

  it('ask nothing until the bot check is passed, then ask with its pass', async () => {
    const contact = jest
      .spyOn(registrationApi, 'contactExists')
      .mockResolvedValue({ emailExisted: true, phoneNoExisted: false });
    const business = jest.spyOn(registrationApi, 'businessExists').mockResolvedValue(true);
    const contactHook = renderHook(({ pass }) => useContactFlag(pass), {
      initialProps: { pass: null as string | null },
    });
    const businessHook = renderHook(({ pass }) => useBusinessFlag(pass), {
      initialProps: { pass: null as string | null },
    });
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(contact).not.toHaveBeenCalled();
    expect(business).not.toHaveBeenCalled();
    expect(contactHook.result.current.emailTaken).toBe(false);

    contactHook.rerender({ pass: 'ticked-pass' });
    businessHook.rerender({ pass: 'ticked-pass' });
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(contact).toHaveBeenCalledWith('taken@example.com', '+60123456789', 'ticked-pass');
    expect(business).toHaveBeenCalledWith('202403012345', 'ticked-pass');
    expect(contactHook.result.current.emailTaken).toBe(true);
    expect(businessHook.result.current.brnTaken).toBe(true);
  });
});

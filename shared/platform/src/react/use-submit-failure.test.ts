import { act, renderHook } from '@testing-library/react';

import { useSubmitFailure } from './use-submit-failure';

describe('useSubmitFailure', () => {
  it('keeps what the failed submission threw and reports it did not go through', async () => {
    const { result } = renderHook(() => useSubmitFailure());
    let passed = true;
    await act(async () => {
      passed = await result.current.attempt(async () => {
        throw new Error('Current password is wrong');
      });
    });
    expect(passed).toBe(false);
    expect(result.current.failure).toBe('Current password is wrong');
  });

  it('clears the earlier failure as the next submission starts', async () => {
    const { result } = renderHook(() => useSubmitFailure(() => 'Try again'));
    await act(async () => {
      await result.current.attempt(() => Promise.reject(new Error('boom')));
    });
    expect(result.current.failure).toBe('Try again');

    let passed = false;
    await act(async () => {
      passed = await result.current.attempt(() => Promise.resolve());
    });
    expect(passed).toBe(true);
    expect(result.current.failure).toBeNull();
  });
});

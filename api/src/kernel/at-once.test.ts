import { forEachAtOnce, loansAtOnceFor } from './at-once';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('working through loans a few at a time', () => {
  it('never runs more than asked at once, and reaches every item', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      seen.push(item);
      running -= 1;
    });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('throws the first failure only once every started item has ended', async () => {
    const ended: number[] = [];
    const run = forEachAtOnce([1, 2, 3], 3, async (item) => {
      await tick();
      if (item === 1) throw new Error('loan 1 failed');
      await tick();
      ended.push(item);
    });
    await expect(run).rejects.toThrow('loan 1 failed');
    expect(ended.sort()).toEqual([2, 3]);
  });

  it('works one loan at a time on the embedded database', () => {
    expect(loansAtOnceFor('pglite')).toBe(1);
    expect(loansAtOnceFor('postgresql')).toBeGreaterThan(1);
  });
});

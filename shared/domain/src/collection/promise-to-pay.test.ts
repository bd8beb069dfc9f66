import { transition } from '../status/state-machine';
import { PROMISE_MACHINE, promiseOutcome, promiseRefusal } from './promise-to-pay';

describe('promise to pay', () => {
  const today = '2026-01-30';

  it('takes a promise of up to what is owed, dated today to 30 days ahead', () => {
    const base = { amountSen: 50_000, promisedFor: '2026-02-10', today, owedSen: 100_000 };
    expect(promiseRefusal(base)).toBeNull();
    expect(promiseRefusal({ ...base, amountSen: 0 })).toBe('amountInvalid');
    expect(promiseRefusal({ ...base, amountSen: 100_001 })).toBe('amountAboveOwed');
    expect(promiseRefusal({ ...base, promisedFor: '2026-01-29' })).toBe('dateInvalid');
    // 30 days after 30 January crosses February: 1 March is the last day allowed.
    expect(promiseRefusal({ ...base, promisedFor: '2026-03-01' })).toBeNull();
    expect(promiseRefusal({ ...base, promisedFor: '2026-03-02' })).toBe('dateTooFar');
  });

  it('is kept once paid, broken the day after its date passes short, open meanwhile', () => {
    const promise = { amountSen: 50_000, promisedFor: '2026-02-10' };
    expect(promiseOutcome({ ...promise, paidSinceSen: 50_000, asOf: '2026-02-05' })).toBe('KEPT');
    expect(promiseOutcome({ ...promise, paidSinceSen: 20_000, asOf: '2026-02-10' })).toBeNull();
    expect(promiseOutcome({ ...promise, paidSinceSen: 20_000, asOf: '2026-02-11' })).toBe('BROKEN');
  });

  it('closes only by the system, never reopened', () => {
    expect(transition(PROMISE_MACHINE, 'OPEN', 'KEPT', { actor: 'system' })).toEqual({ ok: true });
    expect(transition(PROMISE_MACHINE, 'OPEN', 'BROKEN', { actor: 'staff' }).ok).toBe(false);
    expect(transition(PROMISE_MACHINE, 'BROKEN', 'OPEN', { actor: 'system' }).ok).toBe(false);
  });
});

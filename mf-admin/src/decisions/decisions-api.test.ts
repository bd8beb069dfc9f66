import { bpToPercent, percentToBp, problemOf } from './decisions-api';

describe('decision helpers', () => {
  it('reads percents as basis points and writes them back', () => {
    expect(percentToBp('16.8')).toBe(1680);
    expect(percentToBp('12')).toBe(1200);
    expect(percentToBp('18.00%')).toBe(1800);
    expect(percentToBp('12.345')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(bpToPercent(1680)).toBe('16.80%');
    expect(bpToPercent(5)).toBe('0.05%');
  });

  it('tells a changed file from other failures', () => {
    const changed = {
      response: { status: 409, data: { code: 'APPLICATION_CHANGED', message: 'm' } },
    };
    expect(problemOf(changed)).toEqual({ changed: true, message: 'm' });
    expect(problemOf(new Error('x'))).toEqual({ changed: false, message: null });
    expect(
      problemOf({ response: { status: 403, data: { code: 'DECISION_REFUSED', message: 'No' } } }),
    ).toEqual({ changed: false, message: 'No' });
  });
});

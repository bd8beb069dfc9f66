import { readCredits } from './jompay-api';

describe('the sandbox file’s credits', () => {
  it('reads a Ref-1 and an amount in ringgit per line, in whole sen', () => {
    expect(readCredits('20260001230 516.67\n\n2026-000123-0  0.5\n20260001230 -1')).toEqual({
      ok: true,
      credits: [
        { ref1: '20260001230', amountSen: 51_667 },
        { ref1: '20260001230', amountSen: 50 },
        { ref1: '20260001230', amountSen: -100 },
      ],
    });
  });

  it('points at the first line it cannot read', () => {
    expect(readCredits('20260001230 516.67\nabc 1.00')).toEqual({ ok: false, line: 2 });
    expect(readCredits('20260001230 5.123')).toEqual({ ok: false, line: 1 });
    expect(readCredits('   ')).toEqual({ ok: false, line: 1 });
  });
});

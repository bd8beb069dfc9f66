import { balancedLines, firstDayAfter, lastDayOf, periodOf } from './post-entry';

describe('balancedLines', () => {
  it('keeps each line on one side, turns a negative amount over and drops lines of nothing', () => {
    expect(
      balancedLines([
        { account: 'CASH_AT_BANK', debitSen: 500 },
        { account: 'LOANS_RECEIVABLE', creditSen: 600 },
        { account: 'BORROWER_CREDIT', creditSen: -100, loanAccountId: 'a', figure: 'creditSen' },
        { account: 'SUSPENSE', debitSen: 0 },
      ]),
    ).toEqual([
      {
        accountKey: 'CASH_AT_BANK',
        debitSen: 500,
        creditSen: 0,
        loanAccountId: null,
        figure: null,
      },
      {
        accountKey: 'LOANS_RECEIVABLE',
        debitSen: 0,
        creditSen: 600,
        loanAccountId: null,
        figure: null,
      },
      {
        accountKey: 'BORROWER_CREDIT',
        debitSen: 100,
        creditSen: 0,
        loanAccountId: 'a',
        figure: 'creditSen',
      },
    ]);
  });

  it('refuses an entry that does not balance, a lone line and amounts that are not whole sen', () => {
    expect(() =>
      balancedLines([
        { account: 'CASH_AT_BANK', debitSen: 500 },
        { account: 'LOANS_RECEIVABLE', creditSen: 499 },
      ]),
    ).toThrow('does not balance: debits - credits = 1');
    expect(() =>
      balancedLines([
        { account: 'CASH_AT_BANK', debitSen: 5, creditSen: 0 },
        { account: 'SUSPENSE' },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      balancedLines([
        { account: 'CASH_AT_BANK', debitSen: 0.5 },
        { account: 'SUSPENSE', creditSen: 0.5 },
      ]),
    ).toThrow('not whole sen');
    // Nothing at all posts nothing.
    expect(balancedLines([{ account: 'CASH_AT_BANK', debitSen: 0 }])).toEqual([]);
  });
});

describe('periods', () => {
  it('names a month and its bounds, across a year end and a leap February', () => {
    expect(periodOf('2026-12-31')).toBe('2026-12');
    expect(firstDayAfter('2026-12')).toBe('2027-01-01');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });
});

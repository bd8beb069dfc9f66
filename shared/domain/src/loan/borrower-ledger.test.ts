import { borrowerLedger, LOAN_STANDING_CODES, standingOn } from './borrower-ledger';
import type { LateChargeDay, ScheduledInstalment } from './repayment-ledger';
import { type StatementInput, statementOfAccount } from './statement-of-account';

// RM10,000 over 3 months at 12% flat: RM10,300.00 repayable.
const INSTALMENTS: ScheduledInstalment[] = [
  {
    instalmentNo: 1,
    dueDate: '2026-02-05',
    instalmentSen: 343_333,
    principalSen: 333_333,
    interestSen: 10_000,
  },
  {
    instalmentNo: 2,
    dueDate: '2026-03-05',
    instalmentSen: 343_333,
    principalSen: 333_333,
    interestSen: 10_000,
  },
  {
    instalmentNo: 3,
    dueDate: '2026-04-05',
    instalmentSen: 343_334,
    principalSen: 333_334,
    interestSen: 10_000,
  },
];

/** Instalment 2 charged 50 sen a day from 6 to 19 March (14 days, 700 sen). */
const ACCRUALS: LateChargeDay[] = Array.from({ length: 14 }, (_, i) => ({
  instalmentNo: 2,
  day: `2026-03-${String(6 + i).padStart(2, '0')}`,
  daysInDefault: i + 1,
  overdueSen: 243_333,
  amountSen: 50,
}));

const payment = (reference: string, businessDate: string, amountSen: number) => ({
  reference,
  businessDate,
  amountSen,
  allocations: [],
});

const INPUT: StatementInput = {
  asOf: '2026-04-30',
  disbursedOn: '2026-01-05',
  principalSen: 1_000_000,
  totalInterestSen: 30_000,
  instalments: INSTALMENTS,
  payments: [
    // Paid ahead of its due date.
    payment('OR1', '2026-02-01', 343_333),
    // Part of instalment 2 on its due date: due that day is not yet in arrears.
    payment('OR2', '2026-03-05', 100_000),
    // Five days later, still short of instalment 2 and its late charges.
    payment('OR3', '2026-03-10', 100_000),
    // The rest of instalment 2 and all 14 days of late charges.
    payment('OR4', '2026-03-20', 143_333 + 700),
    // Instalment 3, a week late (no late charge booked in this example): the loan is paid.
    payment('OR5', '2026-04-12', 343_334),
  ],
  accruals: ACCRUALS,
  waivers: [],
  rebates: [],
};

const remarksOf = (input: StatementInput) =>
  borrowerLedger(statementOfAccount(input))
    .filter((row) => row.kind === 'PAYMENT')
    .map((row) => [row.reference, row.remark]);

describe('the borrower ledger (Lampiran A)', () => {
  it('gives each payment the standing of the loan as it was once that payment was booked', () => {
    expect(remarksOf(INPUT)).toEqual([
      ['OR1', 'CURRENT'],
      ['OR2', 'CURRENT'],
      ['OR3', 'IN_ARREARS'],
      ['OR4', 'CURRENT'],
      ['OR5', 'SETTLED'],
    ]);
  });

  it('keeps the statement of account to the sen, with a remark on payments only', () => {
    const statement = statementOfAccount(INPUT);
    const ledger = borrowerLedger(statement);
    expect(ledger.map(({ remark: _remark, ...entry }) => entry)).toEqual(statement.entries);
    expect(ledger.filter((row) => row.kind !== 'PAYMENT').every((row) => row.remark === null)).toBe(
      true,
    );
  });

  it('never reads a later standing backwards into an earlier payment', () => {
    // The same loan, written off on 15 March: the payments before keep their own remarks.
    const input = {
      ...INPUT,
      payments: [...INPUT.payments.slice(0, 3), payment('OR9', '2026-03-20', 5_000)],
      writtenOffOn: '2026-03-15',
    };
    expect(remarksOf(input)).toEqual([
      ['OR1', 'CURRENT'],
      ['OR2', 'CURRENT'],
      ['OR3', 'IN_ARREARS'],
      ['OR9', 'WRITTEN_OFF'],
    ]);
  });

  it('reads an early settlement with its rebate as settled, a payment before it that day not', () => {
    const input: StatementInput = {
      ...INPUT,
      asOf: '2026-01-31',
      payments: [payment('OR1', '2026-01-20', 10_000), payment('OR2', '2026-01-20', 1_000_000)],
      accruals: [],
      rebates: [{ businessDate: '2026-01-20', amountSen: 20_000 }],
    };
    expect(remarksOf(input)).toEqual([
      ['OR1', 'CURRENT'],
      ['OR2', 'SETTLED'],
    ]);
  });
});

describe('a late charge waiver on the day the loan is paid off', () => {
  it('reads the payment that pays the rest as settled, the waiver listed after it', () => {
    // RM2.00 of the RM7.00 late charges waived the day the rest is paid.
    const input: StatementInput = {
      ...INPUT,
      asOf: '2026-03-31',
      payments: [
        ...INPUT.payments.slice(0, 3),
        payment('OR4', '2026-03-20', 143_333 + 500 + 343_334),
      ],
      waivers: [{ reference: 'WV1', businessDate: '2026-03-20', amountSen: 200 }],
    };
    const ledger = borrowerLedger(statementOfAccount(input));
    expect(ledger.map((row) => row.kind).slice(-2)).toEqual(['PAYMENT', 'WAIVER']);
    expect(ledger.at(-1)!.balanceSen).toBe(0);
    expect(remarksOf(input).at(-1)).toEqual(['OR4', 'SETTLED']);
  });
});

describe('where a loan stood at the end of a day', () => {
  const statement = statementOfAccount(INPUT);

  it('counts instalments due before the day and late charges as arrears', () => {
    expect(standingOn(statement, '2026-03-10')).toEqual({
      standing: 'IN_ARREARS',
      balanceSen: 1_030_000 + 250 - 543_333,
      paidSen: 543_333,
      arrearsSen: 686_666 + 250 - 543_333,
    });
    // Days without a movement are read on their own date: instalment 3 falls due on 5 April.
    expect(standingOn(statement, '2026-04-05')).toMatchObject({
      standing: 'CURRENT',
      arrearsSen: 0,
    });
    expect(standingOn(statement, '2026-04-06')).toEqual({
      standing: 'IN_ARREARS',
      balanceSen: 343_334,
      paidSen: 687_366,
      arrearsSen: 343_334,
    });
  });

  it('is settled once paid, nothing before the payout, and never after the statement date', () => {
    expect(standingOn(statement, '2026-04-12')).toEqual({
      standing: 'SETTLED',
      balanceSen: 0,
      paidSen: 1_030_700,
      arrearsSen: 0,
    });
    expect(standingOn(statement, '2027-01-01')).toEqual(standingOn(statement, '2026-04-30'));
    expect(standingOn(statement, '2026-01-04')).toBeNull();
    expect(standingOn(statement, '2026-01-05')).toMatchObject({ standing: 'CURRENT' });
  });

  it('counts credit refunded out of what was paid, so the closed loan reconciles to the sen', () => {
    // Instalment 3 paid with RM12.34 over; the credit is refunded on 20 April.
    const overpaid: StatementInput = {
      ...INPUT,
      payments: [...INPUT.payments.slice(0, 4), payment('OR5', '2026-04-12', 343_334 + 1_234)],
      refunds: [{ reference: 'RF1', businessDate: '2026-04-20', amountSen: 1_234 }],
    };
    const refunded = statementOfAccount(overpaid);
    // Before the refund the money is still held as credit: it was paid.
    expect(standingOn(refunded, '2026-04-19')).toEqual({
      standing: 'SETTLED',
      balanceSen: -1_234,
      paidSen: 1_030_700 + 1_234,
      arrearsSen: 0,
    });
    expect(standingOn(refunded, '2026-04-20')).toEqual({
      standing: 'SETTLED',
      balanceSen: 0,
      paidSen: 1_030_700,
      arrearsSen: 0,
    });
    const { totals } = refunded;
    expect(totals).toMatchObject({
      paymentsSen: 1_030_700 + 1_234,
      refundsSen: 1_234,
      netPaidSen: 1_030_700,
    });
    // Paid less refunded is everything charged: the schedule and the late charges.
    expect(totals.netPaidSen + totals.waiversSen + totals.rebatesSen).toBe(
      refunded.openingSen + totals.lateChargesSen,
    );
    expect(refunded.closingBalanceSen).toBe(0);
    expect(refunded.entries.at(-1)).toMatchObject({
      kind: 'REFUND',
      debitSen: 1_234,
      creditSen: 0,
    });
    // The ledger lists the refund as its own line, and the paying receipt stays SETTLED.
    const ledger = borrowerLedger(refunded);
    expect(ledger.filter((row) => row.kind === 'REFUND').map((row) => row.reference)).toEqual([
      'RF1',
    ]);
    expect(remarksOf(overpaid).at(-1)).toEqual(['OR5', 'SETTLED']);
  });

  it('spells each standing once, as the regulator’s forms do', () => {
    expect(LOAN_STANDING_CODES).toEqual({
      CURRENT: 'Semasa',
      IN_ARREARS: 'Tertunggak',
      SETTLED: 'Selesai',
      WRITTEN_OFF: 'Hapus Kira',
    });
  });
});

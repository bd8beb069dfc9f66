import {
  type AccountLedger,
  allocate,
  allocateWaiver,
  catchUp,
  instalmentPositions,
} from './repayment-ledger';
import { type StatementInput, statementOfAccount } from './statement-of-account';

// RM10,000 over 3 months at 12% flat, as in the ledger's tests.
const BASE: AccountLedger = {
  instalments: [
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
  ],
  allocations: [],
  accruals: [],
  creditSen: 0,
};

type Paid = StatementInput['payments'][number];

/** Books a payment the way the API does: brought up to the day, then allocated. */
function pay(
  ledger: AccountLedger,
  day: string,
  amountSen: number,
  payments: Paid[],
  no: number,
): AccountLedger {
  const up = catchUp(ledger, day).ledger;
  const { lines, leftSen } = allocate(instalmentPositions(up, day), amountSen, day, true);
  payments.push({
    reference: `OR${no}`,
    businessDate: day,
    amountSen,
    allocations: [
      ...lines,
      ...(leftSen > 0 ? [{ instalmentNo: null, kind: 'CREDIT' as const, amountSen: leftSen }] : []),
    ],
  });
  return {
    ...up,
    allocations: [...up.allocations, ...lines.map((line) => ({ ...line, businessDate: day }))],
    creditSen: up.creditSen + leftSen,
  };
}

function scenario() {
  const payments: Paid[] = [];
  let ledger = pay(BASE, '2026-02-01', 343_333, payments, 1);
  ledger = catchUp(ledger, '2026-03-10').ledger;
  const waived = allocateWaiver(instalmentPositions(ledger, '2026-03-10'), 100);
  ledger = { ...ledger, waivers: waived };
  ledger = pay(ledger, '2026-03-12', 200_000, payments, 2);
  ledger = catchUp(ledger, '2026-03-20').ledger;
  const input: StatementInput = {
    asOf: '2026-03-20',
    disbursedOn: '2026-01-05',
    principalSen: 1_000_000,
    totalInterestSen: 30_000,
    instalments: BASE.instalments,
    payments,
    accruals: ledger.accruals,
    waivers: [{ reference: 'W1', businessDate: '2026-03-10', amountSen: 100 }],
    rebates: [],
  };
  return { ledger, input };
}

describe('statement of account', () => {
  it('lists every movement in order, late charges per run, with a running balance', () => {
    const { input } = scenario();
    const statement = statementOfAccount(input);
    expect(statement.entries.map((e) => [e.date, e.kind, e.fromDate, e.days])).toEqual([
      ['2026-01-05', 'OPENING', null, null],
      ['2026-02-01', 'PAYMENT', null, null],
      ['2026-02-05', 'INSTALMENT_DUE', null, null],
      ['2026-03-05', 'INSTALMENT_DUE', null, null],
      ['2026-03-10', 'LATE_CHARGE', '2026-03-06', 5],
      ['2026-03-10', 'WAIVER', null, null],
      ['2026-03-12', 'LATE_CHARGE', '2026-03-11', 2],
      ['2026-03-12', 'PAYMENT', null, null],
      ['2026-03-20', 'LATE_CHARGE', '2026-03-13', 8],
    ]);
    // The instalments as scheduled, to the sen.
    expect(
      statement.entries.filter((e) => e.kind === 'INSTALMENT_DUE').map((e) => e.amountSen),
    ).toEqual([343_333, 343_333]);
    const [opening, first] = statement.entries;
    expect(opening!.balanceSen).toBe(1_030_000);
    expect(first!.balanceSen).toBe(1_030_000 - 343_333);
    // Each balance is the one before, plus debits, less credits.
    statement.entries.reduce((before, entry) => {
      expect(entry.balanceSen).toBe(before + entry.debitSen - entry.creditSen);
      return entry.balanceSen;
    }, 0);
    // 5 days on RM3,433.33 at 8% a year: 343,333 x 0.08 x 5 / 365 = 376.25 -> 376 sen.
    expect(statement.entries[4]!.debitSen).toBe(376);
    expect(statement.totals.paymentsSen).toBe(543_333);
    expect(statement.totals.waiversSen).toBe(100);
  });

  it('closes on what the ledger says is owed: unpaid instalments and late charges less credit', () => {
    const { ledger, input } = scenario();
    const positions = instalmentPositions(ledger, '2026-03-20');
    const owed =
      positions.reduce((sum, p) => sum + p.unpaidSen + p.lateChargesUnpaidSen, 0) -
      ledger.creditSen;
    const statement = statementOfAccount(input);
    expect(statement.closingBalanceSen).toBe(owed);
    expect(statement.totals.lateChargesSen).toBe(
      ledger.accruals.reduce((sum, a) => sum + a.amountSen, 0),
    );
  });

  it('shows credit kept as a balance below zero and leaves out what is after the date', () => {
    const payments: Paid[] = [];
    pay(BASE, '2026-01-20', 400_000, payments, 1);
    const statement = statementOfAccount({
      asOf: '2026-01-31',
      disbursedOn: '2026-01-05',
      principalSen: 1_000_000,
      totalInterestSen: 30_000,
      instalments: BASE.instalments,
      payments: [...payments, { ...payments[0]!, reference: 'OR9', businessDate: '2026-02-02' }],
      accruals: [],
      waivers: [],
      rebates: [],
    });
    expect(statement.entries.map((e) => e.kind)).toEqual(['OPENING', 'PAYMENT']);
    expect(statement.closingBalanceSen).toBe(1_030_000 - 400_000);
    expect(statement.entries[1]!.allocations.at(-1)).toEqual({
      instalmentNo: null,
      kind: 'CREDIT',
      amountSen: 400_000 - 343_333,
    });
  });

  it('brings credit refunded back up to nothing owed, and leaves a later refund out', () => {
    const payments: Paid[] = [];
    pay(BASE, '2026-01-20', 1_030_000 + 1_234, payments, 1);
    const input: StatementInput = {
      asOf: '2026-01-31',
      disbursedOn: '2026-01-05',
      principalSen: 1_000_000,
      totalInterestSen: 30_000,
      instalments: BASE.instalments,
      payments,
      accruals: [],
      waivers: [],
      rebates: [],
      refunds: [
        { reference: 'RF-1', businessDate: '2026-01-25', amountSen: 1_234 },
        { reference: 'RF-2', businessDate: '2026-02-02', amountSen: 99 },
      ],
    };
    const statement = statementOfAccount(input);
    expect(statement.entries.map((e) => [e.kind, e.debitSen, e.creditSen, e.balanceSen])).toEqual([
      ['OPENING', 1_030_000, 0, 1_030_000],
      ['PAYMENT', 0, 1_031_234, -1_234],
      ['REFUND', 1_234, 0, 0],
    ]);
    expect(statement.entries[2]!.reference).toBe('RF-1');
    expect(statement.totals.refundsSen).toBe(1_234);
    expect(statement.closingBalanceSen).toBe(0);
    // Before the refund's day the credit still shows.
    expect(statementOfAccount({ ...input, asOf: '2026-01-24' }).closingBalanceSen).toBe(-1_234);
  });

  it('records a write-off with the balance given up on, without changing what is owed', () => {
    const { input } = scenario();
    const statement = statementOfAccount({ ...input, writtenOffOn: '2026-03-15' });
    const line = statement.entries.find((e) => e.kind === 'WRITEOFF')!;
    const before = statement.entries[statement.entries.indexOf(line) - 1]!;
    expect(line.amountSen).toBe(before.balanceSen);
    expect(line.balanceSen).toBe(before.balanceSen);
  });

  it('records a termination after its interest not charged, with the whole balance now due', () => {
    const { input } = scenario();
    const statement = statementOfAccount({
      ...input,
      rebates: [{ businessDate: '2026-03-15', amountSen: 1_234 }],
      terminatedOn: '2026-03-15',
    });
    const line = statement.entries.find((e) => e.kind === 'TERMINATION')!;
    const before = statement.entries[statement.entries.indexOf(line) - 1]!;
    expect(before.kind).toBe('REBATE');
    expect(line.amountSen).toBe(before.balanceSen);
    expect(line.debitSen + line.creditSen).toBe(0);
    expect(statement.closingBalanceSen).toBe(statementOfAccount(input).closingBalanceSen - 1_234);
  });

  it('takes interest not charged on early settlement off the balance, down to nothing', () => {
    const statement = statementOfAccount({
      asOf: '2026-01-31',
      disbursedOn: '2026-01-05',
      principalSen: 1_000_000,
      totalInterestSen: 30_000,
      instalments: BASE.instalments,
      payments: [
        { reference: 'OR1', businessDate: '2026-01-20', amountSen: 1_010_000, allocations: [] },
      ],
      accruals: [],
      waivers: [],
      rebates: [
        { businessDate: '2026-01-20', amountSen: 10_000 },
        { businessDate: '2026-01-20', amountSen: 10_000 },
      ],
    });
    expect(statement.entries.map((e) => [e.kind, e.creditSen, e.balanceSen])).toEqual([
      ['OPENING', 0, 1_030_000],
      ['PAYMENT', 1_010_000, 20_000],
      ['REBATE', 20_000, 0],
    ]);
    expect(statement.totals.rebatesSen).toBe(20_000);
  });

  it('refuses a schedule that does not add up to principal and interest', () => {
    expect(() => statementOfAccount({ ...scenario().input, totalInterestSen: 29_999 })).toThrow(
      RangeError,
    );
  });
});

describe('late charge waivers', () => {
  it('waives unpaid late charges oldest instalment first, never more than is unpaid', () => {
    const ledger = catchUp(BASE, '2026-03-06').ledger;
    const positions = instalmentPositions(ledger, '2026-03-06');
    // #1: 2,182 sen unpaid, #2: 75 sen (see the ledger's tests).
    expect(allocateWaiver(positions, 2_200)).toEqual([
      { instalmentNo: 1, amountSen: 2_182 },
      { instalmentNo: 2, amountSen: 18 },
    ]);
    expect(() => allocateWaiver(positions, 2_258)).toThrow(RangeError);
    expect(() => allocateWaiver(positions, 0)).toThrow(RangeError);
    const waived = instalmentPositions(
      { ...ledger, waivers: allocateWaiver(positions, 2_257) },
      '2026-03-06',
    );
    expect(waived.map((p) => [p.lateChargesWaivedSen, p.lateChargesUnpaidSen])).toEqual([
      [2_182, 0],
      [75, 0],
      [0, 0],
    ]);
    // A payment then goes to the instalments, none of it to late charges waived.
    const { lines } = allocate(waived, 10_000, '2026-03-06', true);
    expect(lines).toEqual([{ instalmentNo: 1, kind: 'INTEREST', amountSen: 10_000 }]);
  });
});

import {
  type AccountLedger,
  allocate,
  amountDue,
  catchUp,
  instalmentPositions,
  lateChargeOfDay,
  settlementBooking,
} from './repayment-ledger';

// RM10,000 over 3 months, worked by hand: instalments of RM100.00 interest + RM3,333.33 principal.
const LEDGER: AccountLedger = {
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

describe('repayment ledger', () => {
  it('charges RM973.33 overdue RM2.13 over 10 days, one day at a time', () => {
    let total = 0;
    for (let n = 1; n <= 10; n += 1) {
      total += lateChargeOfDay(97_333, '2026-02-05', `2026-02-${String(5 + n).padStart(2, '0')}`);
    }
    expect(total).toBe(213);
    expect(lateChargeOfDay(97_333, '2026-02-05', '2026-02-05')).toBe(0);
  });

  it('accrues each day once, catches up missed days, and adds nothing when run again', () => {
    const first = catchUp(LEDGER, '2026-02-08');
    // 3 days on RM3,433.33: 343,333 x 8% x 3 / 365 = 225.75 sen -> 226.
    expect(first.accruals.map((a) => a.day)).toEqual(['2026-02-06', '2026-02-07', '2026-02-08']);
    expect(first.accruals.reduce((sum, a) => sum + a.amountSen, 0)).toBe(226);
    expect(catchUp(first.ledger, '2026-02-08').accruals).toEqual([]);
    const later = catchUp(first.ledger, '2026-02-15');
    expect(later.accruals).toHaveLength(7);
    // 10 days in all: 343,333 x 8% x 10 / 365 = 752.51 -> 753.
    expect([...first.accruals, ...later.accruals].reduce((s, a) => s + a.amountSen, 0)).toBe(753);
  });

  it("charges the ledger's own late charge rate, not the default", () => {
    const atSeven: AccountLedger = { ...LEDGER, lateChargeAnnualRateBp: 700 };
    const first = catchUp(atSeven, '2026-02-08');
    // 3 days on RM3,433.33 at 7%: 343,333 x 7% x 3 / 365 = 197.53 sen -> 198.
    expect(first.accruals.reduce((sum, a) => sum + a.amountSen, 0)).toBe(198);
    // The rate goes on with the ledger: 10 days in all, 343,333 x 7% x 10 / 365 = 658.45 -> 658.
    const later = catchUp(first.ledger, '2026-02-15');
    expect([...first.accruals, ...later.accruals].reduce((s, a) => s + a.amountSen, 0)).toBe(658);
    expect(instalmentPositions(later.ledger, '2026-02-15')[0]!.lateChargesSen).toBe(658);
    // RM973.33 for 10 days: RM2.13 at 8%, RM1.87 at 7%.
    let total = 0;
    for (let n = 1; n <= 10; n += 1) {
      total += lateChargeOfDay(
        97_333,
        '2026-02-05',
        `2026-02-${String(5 + n).padStart(2, '0')}`,
        700,
      );
    }
    expect(total).toBe(187);
  });

  it('allocates late charges, then interest, then principal, oldest instalment first', () => {
    const ledger = catchUp(LEDGER, '2026-03-06').ledger;
    const positions = instalmentPositions(ledger, '2026-03-06');
    expect(positions.map((p) => p.state)).toEqual(['OVERDUE', 'OVERDUE', 'UNPAID']);
    const late1 = positions[0]!.lateChargesUnpaidSen;
    const late2 = positions[1]!.lateChargesUnpaidSen;
    // #1: 29 days on 343,333 -> 2,182.32 -> 2,182 sen; #2: 1 day -> 75.25 -> 75 sen.
    expect([late1, late2]).toEqual([2_182, 75]);
    expect(amountDue(positions, 0, '2026-03-06')).toEqual({
      overdueSen: 686_666,
      lateChargesSen: 2_257,
      currentInstalmentSen: 343_334,
      dueNowSen: 1_032_257,
    });
    const { lines, leftSen } = allocate(positions, 30_000, '2026-03-06', true);
    expect(lines).toEqual([
      { instalmentNo: 1, kind: 'LATE_CHARGE', amountSen: 2_182 },
      { instalmentNo: 2, kind: 'LATE_CHARGE', amountSen: 75 },
      { instalmentNo: 1, kind: 'INTEREST', amountSen: 10_000 },
      { instalmentNo: 1, kind: 'PRINCIPAL', amountSen: 17_743 },
    ]);
    expect(leftSen).toBe(0);
  });

  it('counts every instalment falling due on the current due date (a terminated loan)', () => {
    // Terminated on 2026-03-06: the instalments not yet due fall due that day, interest forgone.
    const [first, second, third] = LEDGER.instalments;
    const terminated: AccountLedger = {
      ...LEDGER,
      instalments: [
        first!,
        { ...second!, dueDate: '2026-03-06', instalmentSen: 333_333, interestSen: 0 },
        { ...third!, dueDate: '2026-03-06', instalmentSen: 333_334, interestSen: 0 },
      ],
    };
    const ledger = catchUp(terminated, '2026-03-06').ledger;
    const positions = instalmentPositions(ledger, '2026-03-06');
    const due = amountDue(positions, 0, '2026-03-06');
    expect(due.currentInstalmentSen).toBe(666_667);
    expect(due.dueNowSen).toBe(343_333 + due.lateChargesSen + 666_667);
  });

  it('keeps an overpayment as credit and uses it when the next instalment falls due', () => {
    const positions = instalmentPositions(LEDGER, '2026-02-01');
    const paid = allocate(positions, 400_000, '2026-02-01', true);
    expect(paid.leftSen).toBe(400_000 - 343_333);
    const ledger: AccountLedger = {
      ...LEDGER,
      allocations: paid.lines.map((line) => ({ ...line, businessDate: '2026-02-01' })),
      creditSen: paid.leftSen,
    };
    const before = catchUp(ledger, '2026-03-04');
    expect(before.creditUsed).toEqual([]);
    const onDue = catchUp(ledger, '2026-03-05');
    expect(onDue.creditUsed).toEqual([
      { instalmentNo: 2, kind: 'INTEREST', amountSen: 10_000, businessDate: '2026-03-05' },
      { instalmentNo: 2, kind: 'PRINCIPAL', amountSen: 46_667, businessDate: '2026-03-05' },
    ]);
    expect(onDue.creditSen).toBe(0);
    // From the next day, late charges on what is left: 286,666 x 8% / 365 = 62.83 -> 63 sen.
    const next = catchUp(onDue.ledger, '2026-03-06');
    expect(next.accruals).toEqual([
      { instalmentNo: 2, day: '2026-03-06', daysInDefault: 1, overdueSen: 286_666, amountSen: 63 },
    ]);
  });

  it('pays every instalment when the payment covers them all', () => {
    const positions = instalmentPositions(LEDGER, '2026-01-20');
    const all = allocate(positions, 1_030_000, '2026-01-20', true);
    expect(all.leftSen).toBe(1_030_000 - 1_030_000);
    const short = allocate(positions, 1_029_999, '2026-01-20', true);
    expect(short.leftSen).toBe(1_029_999 - 343_333);
  });
});

describe('early settlement on the ledger', () => {
  it('rebates the interest forgone from the latest instalments, leaving the settlement to pay', () => {
    const positions = instalmentPositions(LEDGER, '2026-02-20');
    // RM150.00 forgone: instalment 3's interest, then RM50.00 of instalment 2's.
    const { rebates, reclassified } = settlementBooking(positions, 15_000);
    expect(reclassified).toEqual([]);
    expect(rebates).toEqual([
      { instalmentNo: 2, amountSen: 5_000 },
      { instalmentNo: 3, amountSen: 10_000 },
    ]);
    const after = instalmentPositions({ ...LEDGER, rebates }, '2026-02-20');
    expect(after[2]).toMatchObject({
      rebatedSen: 10_000,
      owedInterestSen: 0,
      owedPrincipalSen: 333_334,
    });
    expect(after[1]).toMatchObject({
      rebatedSen: 5_000,
      owedInterestSen: 5_000,
      owedPrincipalSen: 333_333,
    });
    const unpaid = after.reduce((sum, p) => sum + p.unpaidSen, 0);
    expect(unpaid).toBe(1_030_000 - 15_000);
    const paid = allocate(after, unpaid, '2026-02-20', true);
    expect(paid.leftSen).toBe(0);
    // Principal is paid in full: only interest was forgone.
    expect(
      paid.lines.filter((l) => l.kind === 'PRINCIPAL').reduce((sum, l) => sum + l.amountSen, 0),
    ).toBe(1_000_000);
    expect(
      instalmentPositions(
        {
          ...LEDGER,
          rebates,
          allocations: paid.lines.map((l) => ({ ...l, businessDate: '2026-02-20' })),
        },
        '2026-02-20',
      ).every((p) => p.state === 'PAID'),
    ).toBe(true);
  });

  it('moves interest paid before it accrued onto principal, so principal is never forgiven', () => {
    // Instalment 1 (RM100.00 interest) paid on the day of payout, then settled that same day:
    // nothing has accrued, so all RM300.00 of interest is not charged, the RM100.00 paid included.
    const paidAhead = [
      { instalmentNo: 1, kind: 'INTEREST' as const, amountSen: 10_000, businessDate: '2026-01-05' },
      {
        instalmentNo: 1,
        kind: 'PRINCIPAL' as const,
        amountSen: 333_333,
        businessDate: '2026-01-05',
      },
    ];
    const ledger = { ...LEDGER, allocations: paidAhead };
    const positions = instalmentPositions(ledger, '2026-01-05');
    const { rebates, reclassified } = settlementBooking(positions, 30_000);
    expect(reclassified).toEqual([
      { instalmentNo: 1, kind: 'INTEREST', amountSen: -10_000 },
      { instalmentNo: 3, kind: 'PRINCIPAL', amountSen: 10_000 },
    ]);
    expect(rebates.reduce((sum, rebate) => sum + rebate.amountSen, 0)).toBe(30_000);
    const booked = (
      lines: { instalmentNo: number; kind: 'INTEREST' | 'PRINCIPAL'; amountSen: number }[],
    ) => lines.map((line) => ({ ...line, businessDate: '2026-01-05' }));
    const after = instalmentPositions(
      { ...ledger, rebates, allocations: [...paidAhead, ...booked(reclassified)] },
      '2026-01-05',
    );
    const unpaid = after.reduce((sum, p) => sum + p.unpaidSen, 0);
    // The settlement amount: principal lent less what was paid (RM3,433.33 in all).
    expect(unpaid).toBe(1_000_000 - 343_333);
    const paid = allocate(after, unpaid, '2026-01-05', true);
    const all = [...paidAhead, ...booked(reclassified), ...paid.lines];
    const sumOf = (kind: string) =>
      all.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amountSen, 0);
    // principal + interest charged = paid + rebated: RM10,000 + RM0 received as RM10,000.
    expect(sumOf('PRINCIPAL')).toBe(1_000_000);
    expect(sumOf('INTEREST')).toBe(0);
    expect(
      instalmentPositions(
        { ...ledger, rebates, allocations: all.map((l) => ({ ...l, businessDate: '2026-01-05' })) },
        '2026-01-05',
      ).every((p) => p.state === 'PAID'),
    ).toBe(true);
  });
});

import { REPAYMENT_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, daysBetween } from '@lending/domain';
import { and, asc, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  agreementAt,
  type ApprovedApplicant,
  approvedApplicant,
  paidOut,
} from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

// RM10,000 over 24 months at 12% flat (the test terms): instalments of RM516.67 (RM100.00
// interest, RM416.67 principal), the last RM516.59; RM12,400.00 repayable in all.
const INSTALMENT = 51_667;
const INTEREST = 10_000;
const PRINCIPAL = 41_667;
const LAST = 51_659;
const TOTAL = 1_240_000;

describe.each(databases('concurrency'))('repayments (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    // The job runner learns its jobs' next run times on its first poll.
    await app.app.jobs.runDue();
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;
  const repayments = () => app.app.repayments;

  /** A loan paid out the way staff do it: recorded by one, confirmed by another. */
  async function disbursedLoan(language: 'EN' | 'MS' = 'EN') {
    clock.set(started);
    // Sessions of earlier tests may have been purged by the jobs run with the clock moved on.
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    return {
      approved,
      agreement,
      firstDueDate,
      due: (n: number) => addMonths(firstDueDate, n - 1),
    };
  }

  /** Noon in Malaysia on a business date. */
  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  const viewer = (approved: ApprovedApplicant) => ({
    kind: 'applicant' as const,
    userId: approved.applicant.userId,
    tenant: 'arkcash' as TenantId,
    sessionId: '',
  });
  let refs = 0;
  const pay = (
    agreementId: string,
    amountSen: number,
    channel: 'FPX' | 'CARD' | 'JOMPAY' | 'DIRECT_DEBIT' | 'COUNTER' = 'FPX',
    externalRef = `T${process.pid}-${(refs += 1)}`,
  ) =>
    repayments().applyPayment({
      agreementId,
      amountSen,
      channel,
      externalRef,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
  const allocationsOf = (paymentId: string) =>
    db()
      .select({
        instalmentNo: t.paymentAllocations.instalmentNo,
        kind: t.paymentAllocations.kind,
        amountSen: t.paymentAllocations.amountSen,
        fromCredit: t.paymentAllocations.fromCredit,
      })
      .from(t.paymentAllocations)
      .where(eq(t.paymentAllocations.paymentId, paymentId))
      .orderBy(asc(t.paymentAllocations.id));
  const accrualsOf = async (agreementId: string, instalmentNo: number) => {
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreementId));
    return db()
      .select()
      .from(t.lateChargeAccruals)
      .where(
        and(
          eq(t.lateChargeAccruals.accountId, account!.id),
          eq(t.lateChargeAccruals.instalmentNo, instalmentNo),
        ),
      )
      .orderBy(asc(t.lateChargeAccruals.day));
  };

  it('follows a loan from payout to closing, every balance to the sen', async () => {
    const { approved, agreement, due } = await disbursedLoan();
    const me = viewer(approved);

    // Five days before the first due date: only the first instalment is due now.
    on(addDays(due(1), -5));
    expect(await repayments().amountDueNow(agreement.id)).toEqual({
      dueNowSen: INSTALMENT,
      overdueSen: 0,
      lateChargesSen: 0,
      currentInstalmentSen: INSTALMENT,
      asOf: addDays(due(1), -5),
    });
    const first = await pay(agreement.id, INSTALMENT, 'FPX', `FPX-${agreement.id}`);
    expect(first.duplicate).toBe(false);
    expect(first.receiptNo).toMatch(/^OR\d{8}$/);
    expect(await allocationsOf(first.paymentId)).toEqual([
      { instalmentNo: 1, kind: 'INTEREST', amountSen: INTEREST, fromCredit: false },
      { instalmentNo: 1, kind: 'PRINCIPAL', amountSen: PRINCIPAL, fromCredit: false },
    ]);
    // The same gateway transaction again is the same payment.
    const again = await pay(agreement.id, INSTALMENT, 'FPX', `FPX-${agreement.id}`);
    expect(again).toEqual({ ...first, duplicate: true });
    const onTime = await repayments().schedule(me, agreement.id);
    expect(onTime.instalments[0]).toMatchObject({
      status: 'PAID',
      paidSen: INSTALMENT,
      unpaidSen: 0,
      paidOn: addDays(due(1), -5),
      lateChargesSen: 0,
    });
    expect(onTime.instalments[1]).toMatchObject({ status: 'UNPAID', paidSen: 0 });
    expect(onTime.paidSen).toBe(INSTALMENT);
    expect(onTime.outstandingSen).toBe(TOTAL - INSTALMENT);

    // The second instalment is missed. The job runs three days after its due date, twice.
    on(addDays(due(2), 3));
    expect((await app.app.jobs.runDue()).map((run) => run.name)).toContain('late-charges');
    await repayments().accrueLateCharges();
    await repayments().accrueLateCharges();
    // 3 days on RM516.67: 51,667 x 8% x 3 / 365 = 33.97 sen -> 34.
    let charged = await accrualsOf(agreement.id, 2);
    expect(charged.map((row) => row.daysInDefault)).toEqual([1, 2, 3]);
    expect(charged.reduce((sum, row) => sum + row.amountSen, 0)).toBe(34);

    // Then a week without the job: ten days late the missed days are caught up, once each.
    on(addDays(due(2), 10));
    await app.app.jobs.runDue();
    await repayments().accrueLateCharges();
    charged = await accrualsOf(agreement.id, 2);
    expect(charged).toHaveLength(10);
    // 10 days on RM516.67: 51,667 x 8% x 10 / 365 = 113.24 sen -> 113.
    expect(charged.reduce((sum, row) => sum + row.amountSen, 0)).toBe(113);
    expect(await repayments().amountDueNow(agreement.id)).toEqual({
      dueNowSen: INSTALMENT + 113 + INSTALMENT,
      overdueSen: INSTALMENT,
      lateChargesSen: 113,
      currentInstalmentSen: INSTALMENT,
      asOf: addDays(due(2), 10),
    });
    const late = await repayments().schedule(me, agreement.id);
    expect(late.instalments[1]).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 10,
      lateChargesSen: 113,
      lateChargesPaidSen: 0,
    });

    // A part payment: late charges first, then interest, then principal.
    const part = await pay(agreement.id, 20_000, 'CARD');
    expect(await allocationsOf(part.paymentId)).toEqual([
      { instalmentNo: 2, kind: 'LATE_CHARGE', amountSen: 113, fromCredit: false },
      { instalmentNo: 2, kind: 'INTEREST', amountSen: INTEREST, fromCredit: false },
      { instalmentNo: 2, kind: 'PRINCIPAL', amountSen: 20_000 - 113 - INTEREST, fromCredit: false },
    ]);
    const unpaid2 = INSTALMENT - (20_000 - 113);
    expect(unpaid2).toBe(31_780);
    const partly = await repayments().schedule(me, agreement.id);
    expect(partly.instalments[1]).toMatchObject({
      status: 'OVERDUE',
      paidSen: 19_887,
      unpaidSen: unpaid2,
      lateChargesPaidSen: 113,
    });

    // The next day the charge runs on what is left: 31,780 x 8% x 11 / 365 = 76.62 -> 77 sen
    // for 11 days, less 69.65 -> 70 for 10: 7 sen.
    on(addDays(due(2), 11));
    await repayments().accrueLateCharges();
    charged = await accrualsOf(agreement.id, 2);
    expect(charged.at(-1)).toMatchObject({ daysInDefault: 11, overdueSen: unpaid2, amountSen: 7 });

    // An overpayment: what is due now is paid (the 7 sen, instalment 2, the current instalment
    // 3) and the rest is kept as credit.
    const over = await pay(agreement.id, 100_000, 'JOMPAY');
    const credit = 100_000 - 7 - unpaid2 - INSTALMENT;
    expect(credit).toBe(16_546);
    expect(await allocationsOf(over.paymentId)).toEqual([
      { instalmentNo: 2, kind: 'LATE_CHARGE', amountSen: 7, fromCredit: false },
      { instalmentNo: 2, kind: 'PRINCIPAL', amountSen: unpaid2, fromCredit: false },
      { instalmentNo: 3, kind: 'INTEREST', amountSen: INTEREST, fromCredit: false },
      { instalmentNo: 3, kind: 'PRINCIPAL', amountSen: PRINCIPAL, fromCredit: false },
      { instalmentNo: null, kind: 'CREDIT', amountSen: credit, fromCredit: false },
    ]);
    expect(await repayments().amountDueNow(agreement.id)).toMatchObject({
      overdueSen: 0,
      lateChargesSen: 0,
      currentInstalmentSen: INSTALMENT,
      dueNowSen: INSTALMENT - credit,
    });

    // On the fourth due date the credit pays towards instalment 4; two days later the rest is
    // late: 35,121 x 8% x 2 / 365 = 15.40 -> 15 sen.
    on(due(4));
    await app.app.jobs.runDue();
    on(addDays(due(4), 2));
    await repayments().accrueLateCharges();
    const [creditRow] = await db()
      .select()
      .from(t.accountCredits)
      .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.accountCredits.accountId))
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    expect(creditRow!.account_credits.creditSen).toBe(0);
    expect(await allocationsOf(over.paymentId)).toEqual(
      expect.arrayContaining([
        { instalmentNo: 4, kind: 'INTEREST', amountSen: INTEREST, fromCredit: true },
        { instalmentNo: null, kind: 'CREDIT', amountSen: -INTEREST, fromCredit: true },
        { instalmentNo: 4, kind: 'PRINCIPAL', amountSen: credit - INTEREST, fromCredit: true },
        { instalmentNo: null, kind: 'CREDIT', amountSen: INTEREST - credit, fromCredit: true },
      ]),
    );
    const unpaid4 = INSTALMENT - credit;
    expect(unpaid4).toBe(35_121);
    const fourth = await repayments().schedule(me, agreement.id);
    expect(fourth.instalments[3]).toMatchObject({
      status: 'OVERDUE',
      paidSen: credit,
      unpaidSen: unpaid4,
      lateChargesSen: 15,
    });
    expect(fourth.creditSen).toBe(0);
    expect(fourth.instalments.slice(0, 3).map((row) => row.status)).toEqual([
      'PAID',
      'PAID',
      'PAID',
    ]);
    expect(await repayments().amountDueNow(agreement.id)).toMatchObject({
      overdueSen: unpaid4,
      lateChargesSen: 15,
      currentInstalmentSen: INSTALMENT,
    });

    // The early settlement quote is valid to the end of the day and never charges interest
    // that has not accrued.
    const quote = await repayments().earlySettlementQuote(me, agreement.id);
    expect(quote.asOf).toBe(addDays(due(4), 2));
    expect(new Date(quote.validUntil).getTime()).toBe(
      new Date(`${addDays(due(4), 3)}T00:00:00+08:00`).getTime() - 1,
    );
    expect(quote.lateChargesSen).toBe(15);
    expect(quote.interestForgoneSen).toBeGreaterThan(0);
    expect(quote.settlementSen).toBe(
      quote.unpaidPrincipalSen + quote.unpaidInterestSen + quote.lateChargesSen,
    );

    // Paying everything that is left closes the account.
    const rest = 15 + unpaid4 + 19 * INSTALMENT + LAST;
    const paidBefore = INSTALMENT + 20_000 + 100_000;
    expect(paidBefore + rest).toBe(TOTAL + 113 + 7 + 15);
    const last = await pay(agreement.id, rest, 'COUNTER');
    expect(last.duplicate).toBe(false);
    const closed = await repayments().schedule(me, agreement.id);
    expect(closed).toMatchObject({
      accountStatus: 'CLOSED',
      paidSen: TOTAL,
      unpaidInstalmentsSen: 0,
      lateChargesSen: 135,
      lateChargesPaidSen: 135,
      lateChargesOutstandingSen: 0,
      creditSen: 0,
      outstandingSen: 0,
    });
    expect(closed.instalments.every((row) => row.status === 'PAID')).toBe(true);
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    const history = await db()
      .select()
      .from(t.loanAccountStatusHistory)
      .where(eq(t.loanAccountStatusHistory.accountId, account!.id))
      .orderBy(asc(t.loanAccountStatusHistory.at));
    expect(history.map((row) => row.toStatus)).toEqual(['ACTIVE', 'CLOSED']);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `loan-account:${account!.id}`));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'account.closed',
        fromStatus: 'ACTIVE',
        toStatus: 'CLOSED',
      }),
    ]);

    // A closed account accrues nothing more.
    on(addDays(due(6), 1));
    await repayments().accrueLateCharges();
    const after = await repayments().schedule(me, agreement.id);
    expect(after.lateChargesSen).toBe(135);

    // Each payment's allocation rows add up to it, credit used included.
    for (const payment of [first, part, over, last]) {
      const [row] = await db()
        .select()
        .from(t.payments)
        .where(eq(t.payments.id, payment.paymentId));
      const rows = await allocationsOf(payment.paymentId);
      expect(rows.reduce((sum, line) => sum + line.amountSen, 0)).toBe(row!.amountSen);
    }

    // What each receipt states was still owed, and credit kept, right after its payment.
    const booked = await db()
      .select({
        amountSen: t.payments.amountSen,
        outstandingAfterSen: t.payments.outstandingAfterSen,
        creditAfterSen: t.payments.creditAfterSen,
      })
      .from(t.payments)
      .where(eq(t.payments.agreementId, agreement.id))
      .orderBy(asc(t.payments.paidAt));
    expect(booked).toEqual([
      { amountSen: INSTALMENT, outstandingAfterSen: TOTAL - INSTALMENT, creditAfterSen: 0 },
      { amountSen: 20_000, outstandingAfterSen: TOTAL - INSTALMENT - 19_887, creditAfterSen: 0 },
      {
        amountSen: 100_000,
        outstandingAfterSen: TOTAL - INSTALMENT - 19_887 - unpaid2 - INSTALMENT - credit,
        creditAfterSen: credit,
      },
      { amountSen: rest, outstandingAfterSen: 0, creditAfterSen: 0 },
    ]);

    // Every payment has its receipt, in the history with what it paid.
    const paid = await repayments().paymentHistory(me, agreement.id);
    expect(paid.items.map((item) => [item.channel, item.amountSen])).toEqual([
      ['COUNTER', rest],
      ['JOMPAY', 100_000],
      ['CARD', 20_000],
      ['FPX', INSTALMENT],
    ]);
    expect(paid.items.every((item) => item.receiptFileId && item.receiptNo)).toBe(true);
  });

  everywhere(
    'lives day by day from payout to closing: each late day charged once, by every channel',
    async () => {
      const { approved, agreement, firstDueDate, due } = await disbursedLoan();
      const me = viewer(approved);
      // Late charges worked by hand, R = 8/100 x D/365 x S on what is unpaid of the instalment:
      //   instalment 4 paid 5 days late:    51,667 x 0.08 x  5 / 365 =  56.62 -> 57 sen
      //   instalment 7 paid 20 days late:   51,667 x 0.08 x 20 / 365 = 226.49 -> 226 sen
      //   instalment 10, RM300.00 paid on the day, the 21,667 left paid 7 days late:
      //                                     21,667 x 0.08 x  7 / 365 =  33.24 -> 33 sen
      const late = { 4: { days: 5, sen: 57 }, 7: { days: 20, sen: 226 }, 10: { days: 7, sen: 33 } };
      const channels = ['FPX', 'CARD', 'JOMPAY', 'DIRECT_DEBIT', 'COUNTER'] as const;
      const plan = new Map<string, { amountSen: number; channel: (typeof channels)[number] }[]>();
      const planPayment = (date: string, amountSen: number, channel: (typeof channels)[number]) =>
        plan.set(date, [...(plan.get(date) ?? []), { amountSen, channel }]);
      for (let n = 1; n <= 24; n += 1) {
        const amount = n === 24 ? LAST : INSTALMENT;
        if (n === 4) planPayment(addDays(due(4), 5), INSTALMENT + 57, 'CARD');
        else if (n === 7) planPayment(addDays(due(7), 20), INSTALMENT + 226, 'JOMPAY');
        else if (n === 10) {
          planPayment(due(10), 30_000, 'DIRECT_DEBIT');
          planPayment(addDays(due(10), 7), INSTALMENT - 30_000 + 33, 'FPX');
        } else planPayment(due(n), amount, channels[n % channels.length]!);
      }

      // Every day from the day after payout to a week past the last due date: the night's job
      // first (twice on some nights: a second run must change nothing), then the day's payments.
      const start = addMonths(firstDueDate, -1);
      const end = addDays(due(24), 7);
      let paidSen = 0;
      for (let day = addDays(start, 1); day <= end; day = addDays(day, 1)) {
        on(day);
        await repayments().accrueLateCharges();
        if (daysBetween(start, day) % 6 === 0) await repayments().accrueLateCharges();
        for (const payment of plan.get(day) ?? []) {
          const booked = await pay(agreement.id, payment.amountSen, payment.channel);
          expect(booked.duplicate).toBe(false);
          paidSen += payment.amountSen;
        }
      }

      // One accrual row per late day of the three late instalments, none anywhere else.
      for (let n = 1; n <= 24; n += 1) {
        const rows = await accrualsOf(agreement.id, n);
        const expected = late[n as keyof typeof late];
        expect([n, rows.map((row) => row.daysInDefault)]).toEqual([
          n,
          expected ? Array.from({ length: expected.days }, (_, index) => index + 1) : [],
        ]);
        expect([n, rows.reduce((sum, row) => sum + row.amountSen, 0)]).toEqual([
          n,
          expected?.sen ?? 0,
        ]);
      }
      expect(paidSen).toBe(TOTAL + 57 + 226 + 33);
      const closed = await repayments().schedule(me, agreement.id);
      expect(closed).toMatchObject({
        accountStatus: 'CLOSED',
        paidSen: TOTAL,
        lateChargesSen: 316,
        lateChargesPaidSen: 316,
        lateChargesOutstandingSen: 0,
        creditSen: 0,
        outstandingSen: 0,
      });
      const history = await repayments().paymentHistory(me, agreement.id);
      expect(new Set(history.items.map((item) => item.channel))).toEqual(new Set(channels));
      expect(history.items.reduce((sum, item) => sum + item.amountSen, 0)).toBe(paidSen);
    },
    300_000,
  );

  it('settles early midway: interest not yet accrued is not charged, and the account closes', async () => {
    const { approved, agreement, due } = await disbursedLoan();
    const me = viewer(approved);
    on(addDays(due(1), -1));
    await pay(agreement.id, INSTALMENT);
    // The second instalment with RM50.00 more, kept as credit.
    on(addDays(due(2), -1));
    await pay(agreement.id, INSTALMENT + 5_000);

    // Fifteen days into the third period: two interest shares of RM100.00 have accrued in full,
    // and 15 days' worth of the third, over the days of its period.
    const settleOn = addDays(due(2), 15);
    on(settleOn);
    const period = daysBetween(due(2), due(3));
    const third = Math.round((INTEREST * 15) / period);
    const paid = 2 * INSTALMENT;
    const unpaidPrincipal = 1_000_000 - (paid - (2 * INTEREST + third));
    const forgone = 240_000 - (2 * INTEREST + third);
    const quote = await repayments().earlySettlementQuote(me, agreement.id);
    expect(quote).toMatchObject({
      asOf: settleOn,
      accruedInterestSen: 2 * INTEREST + third,
      unpaidInterestSen: 0,
      unpaidPrincipalSen: unpaidPrincipal,
      lateChargesSen: 0,
      interestForgoneSen: forgone,
      creditSen: 5_000,
      settlementSen: unpaidPrincipal - 5_000,
    });

    const settled = await repayments().settleEarly({
      agreementId: agreement.id,
      amountSen: quote.settlementSen,
      channel: 'FPX',
      externalRef: `SETTLE-${agreement.id}`,
      paidAt: clock.now(),
      actor: `user:${approved.applicant.userId}`,
    });
    expect(settled).toMatchObject({ duplicate: false, settled: true });
    const closed = await repayments().schedule(me, agreement.id);
    expect(closed).toMatchObject({
      accountStatus: 'CLOSED',
      paidSen: TOTAL - forgone,
      interestRebatedSen: forgone,
      unpaidInstalmentsSen: 0,
      creditSen: 0,
      outstandingSen: 0,
    });
    expect(closed.instalments.every((row) => row.status === 'PAID')).toBe(true);
    // The interest forgone comes off the last instalments' interest; all principal is paid, and
    // interest only as far as it accrued.
    expect(closed.instalments.at(-1)).toMatchObject({
      rebatedSen: INTEREST,
      paidSen: LAST - INTEREST,
    });
    expect(closed.instalments[2]).toMatchObject({ rebatedSen: INTEREST - third });
    const booked = await db()
      .select({ kind: t.paymentAllocations.kind, amountSen: t.paymentAllocations.amountSen })
      .from(t.paymentAllocations)
      .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.paymentAllocations.accountId))
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    const sumOf = (kind: string) =>
      booked.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amountSen, 0);
    expect(sumOf('PRINCIPAL')).toBe(1_000_000);
    expect(sumOf('INTEREST')).toBe(2 * INTEREST + third);
    expect(sumOf('CREDIT')).toBe(0);
    const rows = await allocationsOf(settled.paymentId);
    expect(rows.reduce((sum, row) => sum + row.amountSen, 0)).toBe(quote.settlementSen);
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    const [history] = await db()
      .select()
      .from(t.loanAccountStatusHistory)
      .where(
        and(
          eq(t.loanAccountStatusHistory.accountId, account!.id),
          eq(t.loanAccountStatusHistory.toStatus, 'CLOSED'),
        ),
      );
    expect(history).toMatchObject({ fromStatus: 'ACTIVE', reason: 'Settled early' });
    const after = await repayments().earlySettlementQuote(me, agreement.id);
    expect(after.settlementSen).toBe(0);
  });

  everywhere(
    'gives gap-free receipt numbers to concurrent payments, and none to one rolled back',
    async () => {
      const { agreement, due } = await disbursedLoan();
      const { agreement: second } = await disbursedLoan();
      on(addDays(due(1), -3));
      // On one account and on two at once: the tenant's counter is shared.
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          pay(i % 3 === 0 ? second.id : agreement.id, 1_000 + i, 'FPX'),
        ),
      );
      const numbers = results
        .map((result) => Number(result.receiptNo.slice(2)))
        .sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(6);
      expect(numbers.at(-1)! - numbers[0]!).toBe(5);

      // A payment whose caller's transaction rolls back leaves no number behind.
      await expect(
        db().transaction(async (tx) => {
          await repayments().applyPayment(
            {
              agreementId: agreement.id,
              amountSen: 500,
              channel: 'DIRECT_DEBIT',
              externalRef: `DD-${agreement.id}`,
              paidAt: clock.now(),
              actor: 'system:direct-debit',
            },
            tx,
          );
          throw new Error('the caller failed');
        }),
      ).rejects.toThrow('the caller failed');
      const next = await pay(agreement.id, 700, 'FPX');
      expect(Number(next.receiptNo.slice(2))).toBe(numbers.at(-1)! + 1);

      // Across the tenant, the numbers run 1..n with no gap.
      const all = await db()
        .select({ receiptNo: t.payments.receiptNo })
        .from(t.payments)
        .where(eq(t.payments.tenant, 'arkcash'));
      const sorted = all.map((row) => Number(row.receiptNo.slice(2))).sort((a, b) => a - b);
      expect(sorted).toEqual(sorted.map((_, i) => i + 1));

      // The same reference for a different payment is refused, not booked twice.
      await expect(pay(agreement.id, 999, 'FPX', `DD-${agreement.id}`)).resolves.toMatchObject({
        duplicate: false,
      });
      await expect(pay(agreement.id, 1_234, 'FPX', `DD-${agreement.id}`)).rejects.toMatchObject({
        statusCode: 409,
        code: 'PAYMENT_REF_TAKEN',
      });
    },
  );

  it('shows the borrower their own loan only, and the receipt in their language', async () => {
    const { approved, agreement } = await disbursedLoan('MS');
    const other = await approvedApplicant(db(), call);
    clock.set(started);
    const paid = await pay(agreement.id, INSTALMENT, 'FPX');
    const token = approved.applicant.token;

    const schedule = await call('GET', REPAYMENT_PATHS.schedule(agreement.id), { token });
    expect(schedule.status).toBe(200);
    expect(schedule.body.instalments).toHaveLength(24);
    expect(schedule.body.instalments[0]).toMatchObject({ status: 'PAID', paidSen: INSTALMENT });
    const accounts = await call('GET', REPAYMENT_PATHS.accounts, { token });
    expect(accounts.body.items).toEqual([
      expect.objectContaining({
        agreementId: agreement.id,
        accountStatus: 'ACTIVE',
        outstandingSen: TOTAL - INSTALMENT,
      }),
    ]);
    const due = await call('GET', REPAYMENT_PATHS.amountDue(agreement.id), { token });
    expect(due.body).toMatchObject({ overdueSen: 0, lateChargesSen: 0 });
    const quote = await call('GET', REPAYMENT_PATHS.earlySettlement(agreement.id), { token });
    expect(quote.status).toBe(200);
    await app.app.settle();
    const history = await call('GET', REPAYMENT_PATHS.paymentHistory(agreement.id), { token });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        id: paid.paymentId,
        status: 'PAID',
        receiptNo: paid.receiptNo,
        channel: 'FPX',
        failureReason: null,
      }),
    ]);
    const fileId = history.body.items[0].receiptFileId;
    const receipt = await call('GET', REPAYMENT_PATHS.receipt(fileId), { token });
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(String(receipt.body).startsWith('%PDF-')).toBe(true);
    const [stored] = await db()
      .select()
      .from(t.paymentReceipts)
      .where(eq(t.paymentReceipts.id, fileId));
    expect(stored!.language).toBe('MS');
    const mail = await db()
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, approved.applicant.email));
    expect(
      mail.some(
        (message) =>
          message.subject === `Resit bayaran ${paid.receiptNo} (${agreement.agreementNo})`,
      ),
    ).toBe(true);

    // Someone else's loan and receipt do not exist for them.
    const stranger = other.applicant.token;
    for (const path of [
      REPAYMENT_PATHS.schedule(agreement.id),
      REPAYMENT_PATHS.paymentHistory(agreement.id),
      REPAYMENT_PATHS.amountDue(agreement.id),
      REPAYMENT_PATHS.earlySettlement(agreement.id),
      REPAYMENT_PATHS.receipt(fileId),
    ]) {
      expect((await call('GET', path, { token: stranger })).status).toBe(404);
    }
    expect((await call('GET', REPAYMENT_PATHS.accounts, { token: stranger })).body.items).toEqual(
      [],
    );
    expect((await call('GET', REPAYMENT_PATHS.schedule(agreement.id))).status).toBe(401);

    // Staff read the payment history with the channel's reference; a borrower may not.
    const staffPath = REPAYMENT_PATHS.staffPaymentHistory(agreement.id);
    const staffView = await call('GET', staffPath, { token: officer.token });
    expect(staffView.status).toBe(200);
    expect(staffView.body.items[0]).toMatchObject({
      id: paid.paymentId,
      actor: 'gateway:test',
      receiptNo: paid.receiptNo,
    });
    expect((await call('GET', staffPath, { token })).status).toBe(403);
    expect(
      (await call('GET', REPAYMENT_PATHS.receipt(fileId), { token: officer.token })).status,
    ).toBe(403);
  });
});

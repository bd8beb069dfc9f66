// The portfolio dashboard on real loans: two paid out the same day, one paying its first instalment
// and then nothing, the other never paying. Its figures to the sen, its principal outstanding the
// trial balance's own, another brand's books never in it, and nothing of it to other roles.
import { FINANCE_PATHS, type PortfolioDashboardResponse } from '@lending/contracts';
import { addDays, addMonths } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { applicant, pendingApplication, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { bucketOf, shareBp } from './dashboard';
import { periodOf } from './post-entry';

// RM10,000 over 24 months at 12% flat (the test terms): instalments of RM516.67, of which
// RM416.67 principal.
const PRINCIPAL_LENT = 1_000_000;
const INSTALMENT = 51_667;
const PRINCIPAL = 41_667;

describe.each(databases('hand-written SQL'))('the portfolio dashboard (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;
  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);

  async function disbursedLoan() {
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    return { agreement, account: account!, firstDueDate };
  }

  it('reads the months, the portfolio at risk, the ageing and the funnel from the books', async () => {
    clock.set(started);
    const paying = await disbursedLoan();
    const silent = await disbursedLoan();
    expect(silent.firstDueDate).toBe(paying.firstDueDate);
    // An application submitted and not yet decided: in the funnel's first step only.
    const person = await applicant(call);
    await pendingApplication(db(), person.userId);

    const due = (n: number) => addMonths(paying.firstDueDate, n - 1);
    on(due(1));
    await app.app.repayments.applyPayment({
      agreementId: paying.agreement.id,
      amountSen: INSTALMENT,
      channel: 'JOMPAY',
      externalRef: `D${process.pid}-1`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
    // Ten days after the second due date: the paying loan 10 days overdue, the silent one longer.
    const businessDate = addDays(due(2), 10);
    on(businessDate);
    const silentDays = Math.round(
      (Date.parse(businessDate) - Date.parse(silent.firstDueDate)) / 86_400_000,
    );
    expect(silentDays).toBeGreaterThan(30);
    expect(silentDays).toBeLessThanOrEqual(60);

    const finance = await staffMember(db(), call, ['FINANCE']);
    const answer = await call('GET', FINANCE_PATHS.dashboard, { token: finance.token });
    expect(answer.status).toBe(200);
    const board = answer.body as PortfolioDashboardResponse;
    expect(board.businessDate).toBe(businessDate);
    expect(board.from).toBe(addMonths(`${periodOf(businessDate)}-01`, -11));
    expect(board.months).toHaveLength(12);
    expect(board.months.at(-1)!.month).toBe(periodOf(businessDate));

    const payingLeft = PRINCIPAL_LENT - PRINCIPAL;
    const outstanding = payingLeft + PRINCIPAL_LENT;
    expect(board.outstandingPrincipalSen).toBe(outstanding);
    expect(board.months.at(-1)!.outstandingPrincipalSen).toBe(outstanding);

    const month = (date: string) => board.months.find((m) => m.month === periodOf(date))!;
    expect(month(paying.account.disbursedOn)).toMatchObject({
      disbursedSen: 2 * PRINCIPAL_LENT,
      outstandingPrincipalSen: 2 * PRINCIPAL_LENT,
    });
    expect(month(due(1))).toMatchObject({
      collectedSen: INSTALMENT,
      dueSen: 2 * INSTALMENT,
      collectionRateBp: 5_000,
      outstandingPrincipalSen: outstanding,
    });
    expect(month(due(2))).toMatchObject({
      collectedSen: 0,
      dueSen: 2 * INSTALMENT,
      collectionRateBp: 0,
    });
    const totals = board.months.reduce(
      (sum, m) => ({
        disbursed: sum.disbursed + m.disbursedSen,
        collected: sum.collected + m.collectedSen,
      }),
      { disbursed: 0, collected: 0 },
    );
    expect(totals).toEqual({ disbursed: 2 * PRINCIPAL_LENT, collected: INSTALMENT });

    // Overdue more than 1 and more than 30 days: both loans, then the silent one alone.
    expect(board.par).toEqual([
      { days: 1, principalSen: outstanding, bp: 10_000 },
      { days: 30, principalSen: PRINCIPAL_LENT, bp: 5_106 },
      { days: 60, principalSen: 0, bp: 0 },
      { days: 90, principalSen: 0, bp: 0 },
    ]);
    expect(board.ageing).toEqual([
      { bucket: '1-30', count: 1, principalSen: payingLeft, overdueSen: INSTALMENT },
      { bucket: '31-60', count: 1, principalSen: PRINCIPAL_LENT, overdueSen: 2 * INSTALMENT },
      { bucket: '61-90', count: 0, principalSen: 0, overdueSen: 0 },
      { bucket: '90+', count: 0, principalSen: 0, overdueSen: 0 },
    ]);
    expect(board.funnel).toEqual({ submitted: 3, approved: 2, signed: 2, paidOut: 2 });

    // The principal outstanding is the trial balance's loans receivable, to the sen.
    const balance = await call(
      'GET',
      `${FINANCE_PATHS.trialBalance}?${new URLSearchParams({ tenant: 'arkcash', from: board.from, to: businessDate })}`,
      { token: finance.token },
    );
    const receivable = balance.body.rows.find((r: { key: string }) => r.key === 'LOANS_RECEIVABLE');
    expect(receivable.closingSen).toBe(board.outstandingPrincipalSen);
  });

  it("counts only the signed-in brand's books: another brand's payout never, in either", async () => {
    const finance = await staffMember(db(), call, ['FINANCE']);
    const before = (await call('GET', FINANCE_PATHS.dashboard, { token: finance.token }))
      .body as PortfolioDashboardResponse;
    // A payout in the other brand's journal (balanced, as any entry is).
    const today = before.businessDate;
    const [entry] = await db()
      .insert(t.journalEntries)
      .values({
        tenant: 'redcash',
        entryNo: 1,
        businessDate: today,
        postingDate: today,
        event: 'PAYOUT',
        reference: 'other-brand',
        actor: 'system:test',
      })
      .returning();
    await db()
      .insert(t.journalLines)
      .values([
        { entryId: entry!.id, tenant: 'redcash', accountKey: 'LOANS_RECEIVABLE', debitSen: 777 },
        { entryId: entry!.id, tenant: 'redcash', accountKey: 'CASH_AT_BANK', creditSen: 777 },
      ]);

    const ours = await call('GET', FINANCE_PATHS.dashboard, { token: finance.token });
    expect(ours.body).toEqual(before);
    const theirs = (
      await call('GET', FINANCE_PATHS.dashboard, { token: finance.token, tenant: 'redcash' })
    ).body as PortfolioDashboardResponse;
    expect(theirs.outstandingPrincipalSen).toBe(777);
    expect(theirs.months.at(-1)).toMatchObject({ disbursedSen: 777, collectedSen: 0 });
    expect(theirs.months.reduce((sum, m) => sum + m.disbursedSen, 0)).toBe(777);
    expect(theirs.ageing.every((row) => row.count === 0 && row.principalSen === 0)).toBe(true);
    expect(theirs.par.map((row) => row.principalSen)).toEqual([0, 0, 0, 0]);
    expect(theirs.funnel).toEqual({ submitted: 0, approved: 0, signed: 0, paidOut: 0 });
  });

  it('answers finance staff and admins only, with nothing of the portfolio to anyone else', async () => {
    for (const roles of [['FINANCE'], ['ADMIN']]) {
      const member = await staffMember(db(), call, roles);
      const answer = await call('GET', FINANCE_PATHS.dashboard, { token: member.token });
      expect([roles, answer.status]).toEqual([roles, 200]);
      expect(answer.body.outstandingPrincipalSen).toBeGreaterThan(0);
    }
    const borrower = await applicant(call);
    const refused = [
      ...(await Promise.all(
        [['CREDIT_OFFICER'], ['APPROVER'], ['CUSTOMER_SERVICE']].map((roles) =>
          staffMember(db(), call, roles),
        ),
      )),
      borrower,
    ];
    for (const member of refused) {
      const answer = await call('GET', FINANCE_PATHS.dashboard, { token: member.token });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body ?? '')).not.toMatch(/Sen|funnel|par|ageing|months/);
    }
    const anonymous = await call('GET', FINANCE_PATHS.dashboard);
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body ?? '')).not.toMatch(/Sen|funnel|ageing|months/);
  });

  it('rounds shares half up in basis points and ages arrears into their buckets', () => {
    expect(shareBp(1_000_000, 1_958_333)).toBe(5_106);
    expect(shareBp(1, 3)).toBe(3_333);
    expect(shareBp(2, 3)).toBe(6_667);
    expect(shareBp(1, 20_000)).toBe(1);
    expect(shareBp(5, 0)).toBe(0);
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual([
      null,
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
    ]);
  });
});

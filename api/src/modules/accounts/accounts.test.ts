import { ACCOUNT_PATHS, REPAYMENT_PATHS, STATEMENT_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths } from '@lending/domain';
import { and, eq, sql } from 'drizzle-orm';

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
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

// The test terms (RM10,000 over 24 months at 12% flat): instalments of RM516.67, the last
// RM516.59; RM12,400.00 repayable in all.
const INSTALMENT = 51_667;
const TOTAL = 1_240_000;

describe.each(databases('concurrency', 'hand-written SQL'))('the books (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  let service: StaffMember;
  let admin: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** Staff signed in at the clock's time (access tokens live 15 minutes). */
  async function signInStaff() {
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    admin = await staffMember(db(), call, ['ADMIN']);
  }

  async function disbursedLoan() {
    clock.set(started);
    await signInStaff();
    const approved = await approvedApplicant(db(), call, {});
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    return {
      approved,
      agreement,
      accountId: account!.id,
      due: (n: number) => addMonths(firstDueDate, n - 1),
    };
  }

  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  const viewer = (approved: ApprovedApplicant) => ({
    kind: 'applicant' as const,
    userId: approved.applicant.userId,
    tenant: 'arkcash' as TenantId,
    sessionId: '',
  });
  let refs = 0;
  const pay = (agreementId: string, amountSen: number) =>
    app.app.repayments.applyPayment({
      agreementId,
      amountSen,
      channel: 'FPX',
      externalRef: `B${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
  const auditOf = (action: string, entity: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, action), eq(t.auditLog.entity, entity)));
  const accruedSen = async (accountId: string) => {
    const [row] = await db()
      .select({
        n: sql<number>`count(*)::int`,
        sen: sql<number>`coalesce(sum(amount_sen), 0)::int`,
      })
      .from(t.lateChargeAccruals)
      .where(eq(t.lateChargeAccruals.accountId, accountId));
    return row!;
  };

  it('lets every reader role see an account, and refuses the rest', async () => {
    const { approved, agreement, accountId } = await disbursedLoan();
    const reads = [
      ACCOUNT_PATHS.tenureDetails(agreement.agreementNo),
      `${ACCOUNT_PATHS.search}?agreementNo=${agreement.agreementNo}`,
      ACCOUNT_PATHS.aocAgreement(agreement.agreementNo),
      ACCOUNT_PATHS.waiverCharges(accountId),
    ];
    for (const member of [officer, approver, service, admin]) {
      for (const path of reads) {
        expect([path, (await call('GET', path, { token: member.token })).status]).toEqual([
          path,
          200,
        ]);
      }
    }
    for (const path of reads) {
      expect((await call('GET', path)).status).toBe(401);
      expect((await call('GET', path, { token: approved.applicant.token })).status).toBe(403);
    }
    const aoc = await call('GET', ACCOUNT_PATHS.aocAgreement(agreement.agreementNo), {
      token: service.token,
    });
    expect(aoc.body.accountDetails).toMatchObject({
      id: accountId,
      agreementId: agreement.id,
      status: 'ACTIVE',
      totalRepayableSen: TOTAL,
      outstandingSen: TOTAL,
    });
    expect(aoc.body.agreementDetails).toMatchObject({
      tenureMonths: 24,
      monthlyInstalmentSen: INSTALMENT,
    });
    expect(aoc.body.tenureDetails.instalments).toHaveLength(24);
    const found = await call(
      'GET',
      `${ACCOUNT_PATHS.search}?agreementNo=${agreement.agreementNo}`,
      {
        token: service.token,
      },
    );
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([accountId]);
    expect(
      (await call('GET', ACCOUNT_PATHS.tenureDetails('AGR-NONE-1'), { token: admin.token })).status,
    ).toBe(404);

    // Customer service reads but proposes nothing; a credit officer proposes but approves nothing.
    const refused = await call('POST', ACCOUNT_PATHS.writeOff(accountId), {
      token: service.token,
      body: { reason: 'Borrower cannot be traced' },
    });
    expect(refused.status).toBe(403);
    // An approver checks what others propose; proposing is not theirs.
    const byApprover = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: approver.token,
      body: { amountSen: 1, reason: 'Proposed by a checker' },
    });
    expect(byApprover.status).toBe(403);
    const proposal = await call('POST', ACCOUNT_PATHS.writeOff(accountId), {
      token: officer.token,
      body: { reason: 'Borrower cannot be traced' },
    });
    expect(proposal.status).toBe(200);
    const requestId = proposal.body.id;
    for (const member of [officer, service]) {
      expect(
        (await call('POST', ACCOUNT_PATHS.approve(requestId), { token: member.token, body: {} }))
          .status,
      ).toBe(403);
    }
    const rejected = await call('POST', ACCOUNT_PATHS.reject(requestId), {
      token: approver.token,
      body: { note: 'Tracing continues' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', decisionNote: 'Tracing continues' });
    expect(await auditOf('writeoff.rejected', `account-adjustment:${requestId}`)).toHaveLength(1);
    const [still] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.id, accountId));
    expect(still!.status).toBe('ACTIVE');
  });

  it('waives late charges through the ledger, proposed by one and approved by another', async () => {
    const { approved, agreement, accountId, due } = await disbursedLoan();
    // The first instalment unpaid for 10 days: RM516.67 x 8% x 10 / 365 = 113.24 -> 113 sen.
    on(addDays(due(1), 10));
    await app.app.repayments.accrueLateCharges();
    await signInStaff();
    const waivers = await call('GET', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: officer.token,
    });
    expect(waivers.body).toMatchObject({
      lateChargesOutstandingSen: 113,
      items: [],
      actions: { proposeWaiver: { allowed: true }, proposeWriteOff: { allowed: true } },
    });
    const actionsOf = async (member: StaffMember) =>
      (await call('GET', ACCOUNT_PATHS.waiverCharges(accountId), { token: member.token })).body;
    // Proposing is not the approver's; the screen says so instead of offering the form.
    expect((await actionsOf(approver)).actions).toEqual({
      proposeWaiver: {
        allowed: false,
        reason: 'roleNotAllowed',
        roles: ['ADMIN', 'CREDIT_OFFICER'],
      },
      proposeWriteOff: {
        allowed: false,
        reason: 'roleNotAllowed',
        roles: ['ADMIN', 'CREDIT_OFFICER'],
      },
    });
    const before = await accruedSen(accountId);

    const tooMuch = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: officer.token,
      body: { amountSen: 114, reason: 'Hospitalised in the month' },
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'WAIVER_TOO_LARGE']);
    const proposed = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: officer.token,
      body: { amountSen: 100, reason: 'Hospitalised in the month' },
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      kind: 'LATE_CHARGE_WAIVER',
      status: 'PROPOSED',
      amountSen: 100,
      proposedBy: officer.id,
      lines: [],
    });
    const again = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: admin.token,
      body: { amountSen: 5, reason: 'A second waiver at once' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'ADJUSTMENT_PENDING']);
    // Each person is told what they may do with the proposal: its maker may not decide it.
    const forOfficer = await actionsOf(officer);
    expect(forOfficer.actions.proposeWaiver).toEqual({ allowed: false, reason: 'inProgress' });
    expect(forOfficer.items[0].actions.decide).toEqual({
      allowed: false,
      reason: 'roleNotAllowed',
      roles: ['ADMIN', 'APPROVER'],
    });
    expect((await actionsOf(approver)).items[0].actions.decide).toEqual({ allowed: true });

    // The maker is never the checker, even holding the approver's role.
    const both = await staffMember(db(), call, ['CREDIT_OFFICER', 'APPROVER']);
    const own = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: both.token,
      body: { amountSen: 1, reason: 'Proposed to test four eyes' },
    });
    expect(own.status).toBe(409);
    const self = await call('POST', ACCOUNT_PATHS.approve(proposed.body.id), {
      token: admin.token,
      body: {},
    });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({
      status: 'APPROVED',
      decidedBy: admin.id,
      lines: [{ instalmentNo: 1, amountSen: 100 }],
    });
    const twice = await call('POST', ACCOUNT_PATHS.approve(proposed.body.id), {
      token: approver.token,
      body: {},
    });
    expect([twice.status, twice.body.code]).toEqual([409, 'ADJUSTMENT_DECIDED']);

    // Accruals are untouched; the schedule owes the late charges less the waiver.
    expect(await accruedSen(accountId)).toEqual(before);
    const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
    expect(schedule.lateChargesOutstandingSen).toBe(13);
    expect(schedule.outstandingSen).toBe(TOTAL + 13);
    expect(await auditOf('waiver.proposed', `account-adjustment:${proposed.body.id}`)).toHaveLength(
      1,
    );
    const [approval] = await auditOf('waiver.approved', `account-adjustment:${proposed.body.id}`);
    expect(approval).toMatchObject({ actor: `staff:${admin.id}`, fromStatus: 'PROPOSED' });

    // A proposer of their own cannot approve it.
    const mine = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: both.token,
      body: { amountSen: 13, reason: 'The rest, same reason' },
    });
    expect(mine.status).toBe(200);
    const refused = await call('POST', ACCOUNT_PATHS.approve(mine.body.id), {
      token: both.token,
      body: {},
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'ADJUSTMENT_SAME_STAFF']);
    const ownProposal = (await actionsOf(both)).items.find(
      (item: { id: string }) => item.id === mine.body.id,
    );
    expect(ownProposal.actions.decide).toEqual({ allowed: false, reason: 'sameStaff' });

    // A payment now goes to the late charges still owed, then the instalment.
    const paid = await pay(agreement.id, INSTALMENT + 13);
    const lines = await db()
      .select()
      .from(t.paymentAllocations)
      .where(eq(t.paymentAllocations.paymentId, paid.paymentId));
    expect(lines.filter((l) => l.kind === 'LATE_CHARGE').map((l) => l.amountSen)).toEqual([13]);
    // Nothing is left to waive: the open proposal cannot be approved any more.
    const late = await call('POST', ACCOUNT_PATHS.approve(mine.body.id), {
      token: approver.token,
      body: {},
    });
    expect([late.status, late.body.code]).toEqual([409, 'WAIVER_TOO_LARGE']);
  });

  it('writes an account off with two people, and then no more waivers', async () => {
    const { accountId, agreement } = await disbursedLoan();
    const proposal = await call('POST', ACCOUNT_PATHS.writeOff(accountId), {
      token: officer.token,
      body: { reason: 'Borrower declared bankrupt' },
    });
    const approved = await call('POST', ACCOUNT_PATHS.approve(proposal.body.id), {
      token: approver.token,
      body: { note: 'Insolvency notice seen' },
    });
    expect(approved.status).toBe(200);
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.id, accountId));
    expect(account!.status).toBe('WRITEOFF');
    const [audit] = await auditOf('account.written_off', `loan-account:${accountId}`);
    expect(audit).toMatchObject({
      actor: `staff:${approver.id}`,
      fromStatus: 'ACTIVE',
      toStatus: 'WRITEOFF',
    });
    const history = await db()
      .select()
      .from(t.loanAccountStatusHistory)
      .where(eq(t.loanAccountStatusHistory.accountId, accountId));
    expect(history.map((row) => row.toStatus)).toContain('WRITEOFF');
    const after = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
      token: officer.token,
      body: { amountSen: 1, reason: 'After the write-off' },
    });
    expect([after.status, after.body.code]).toEqual([409, 'ACCOUNT_NOT_ACTIVE']);
    const statement = await app.app.accounts.statementOf(agreement.id);
    expect(statement.statement.entries.at(-1)).toMatchObject({
      kind: 'WRITEOFF',
      amountSen: TOTAL,
    });
  });

  it('gives a statement to the sen of the schedule, to the borrower and to staff', async () => {
    const { approved, agreement, due } = await disbursedLoan();
    // Downloads on the day of payout, while everyone's sign-in is fresh.
    const token = approved.applicant.token;
    for (const language of ['en', 'bm']) {
      const mine = await call('GET', STATEMENT_PATHS.mine(agreement.id, language), { token });
      expect(mine.status).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(String(mine.body).startsWith('%PDF-')).toBe(true);
    }
    expect((await call('GET', STATEMENT_PATHS.mine(agreement.id, 'fr'), { token })).status).toBe(
      400,
    );
    const other = await approvedApplicant(db(), call, {});
    const stranger = await call('GET', STATEMENT_PATHS.mine(agreement.id, 'en'), {
      token: other.applicant.token,
    });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'LOAN_ACCOUNT_NOT_FOUND']);
    expect((await call('GET', STATEMENT_PATHS.staff(agreement.id, 'en'), { token })).status).toBe(
      403,
    );
    const staffCopy = await call('GET', STATEMENT_PATHS.staff(agreement.id, 'bm'), {
      token: service.token,
    });
    expect(staffCopy.status).toBe(200);
    expect(String(staffCopy.body).startsWith('%PDF-')).toBe(true);
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    expect(await auditOf('statement.downloaded', `loan-account:${account!.id}`)).toHaveLength(1);
    expect(
      (await call('POST', STATEMENT_PATHS.search, { token, body: { currentPage: 1, pageSize: 5 } }))
        .status,
    ).toBe(403);

    // Months later: the figures are the schedule's, to the sen.
    on(addDays(due(1), -3));
    await pay(agreement.id, INSTALMENT);
    on(addDays(due(2), 20));
    const partial = await pay(agreement.id, 20_000);
    on(addDays(due(3), 5));
    const facts = await app.app.accounts.statementOf(agreement.id);
    const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
    const { statement } = facts;
    expect(statement.closingBalanceSen).toBe(schedule.outstandingSen);
    expect(statement.totals.lateChargesSen).toBe(schedule.lateChargesSen);
    expect(statement.totals.paymentsSen).toBe(INSTALMENT + 20_000);
    const dues = statement.entries.filter((e) => e.kind === 'INSTALMENT_DUE');
    expect(dues.map((e) => [e.date, e.amountSen])).toEqual(
      schedule.instalments.slice(0, 3).map((row) => [row.dueDate, row.instalmentSen]),
    );
    const payment = statement.entries.find((e) => e.reference === partial.receiptNo)!;
    expect(payment.allocations.reduce((sum, line) => sum + line.amountSen, 0)).toBe(20_000);
    expect(payment.allocations[0]).toMatchObject({ kind: 'LATE_CHARGE', instalmentNo: 2 });

    // The search pages on the server and filters on number, name and status.
    await signInStaff();
    const search = await call('POST', STATEMENT_PATHS.search, {
      token: service.token,
      body: { currentPage: 1, pageSize: 1, agreementNo: agreement.agreementNo, status: 'ACTIVE' },
    });
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ total: 1, currentPage: 1, pageSize: 1 });
    expect(search.body.items[0]).toMatchObject({
      agreementId: agreement.id,
      principalSen: 1_000_000,
    });
    const byName = await call('POST', STATEMENT_PATHS.search, {
      token: service.token,
      body: { currentPage: 1, pageSize: 100, borrowerName: search.body.items[0].borrowerName },
    });
    expect(byName.body.items.map((item: { agreementId: string }) => item.agreementId)).toContain(
      agreement.id,
    );
    const none = await call('POST', STATEMENT_PATHS.search, {
      token: service.token,
      body: { currentPage: 1, pageSize: 10, agreementNo: agreement.agreementNo, status: 'CLOSED' },
    });
    expect(none.body).toMatchObject({ total: 0, items: [] });
    const paged = await call('POST', STATEMENT_PATHS.search, {
      token: service.token,
      body: { currentPage: 2, pageSize: 1 },
    });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    expect(
      (
        await call('POST', STATEMENT_PATHS.search, {
          token: service.token,
          body: { currentPage: 0, pageSize: 500 },
        })
      ).status,
    ).toBe(400);
    // The staff payment history, also under the back office's prefix.
    const history = await call('GET', ACCOUNT_PATHS.paymentHistory(agreement.id), {
      token: service.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items).toHaveLength(2);
    expect(
      (
        await call('GET', REPAYMENT_PATHS.staffPaymentHistory(agreement.id), {
          token: service.token,
        })
      ).body,
    ).toEqual(history.body);
  });
});

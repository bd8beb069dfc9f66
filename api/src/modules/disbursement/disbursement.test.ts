import { createHash, randomUUID } from 'node:crypto';

import { DISBURSEMENT_PATHS, LOAN_STATUS_PATHS, SETTINGS_PATHS } from '@lending/contracts';
import {
  addMonths,
  type ApprovedLoanSummary,
  approvedLoanSummary,
  canonicalScheduleText,
  type IsoDate,
  malaysiaDate,
  repaymentScheduleRows,
} from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';
import { firstDueDateOf } from './service';

describe.each(databases('concurrency', 'hand-written SQL'))('disbursement (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  let bankId: number;
  beforeAll(async () => {
    app = await openTestApp(kind);
    call = caller(app.app);
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    const [maybank] = await db().select().from(t.banks).where(eq(t.banks.code, 'MBB'));
    bankId = maybank!.id;
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function waiting() {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    return { approved, agreement };
  }

  const record = (
    staff: StaffMember,
    agreementId: string,
    version: number,
    accountNumber = '5123456789012',
  ) =>
    call('POST', DISBURSEMENT_PATHS.record(agreementId), {
      token: staff.token,
      body: { version, bankId, accountName: 'Kedai Runcit Aminah', accountNumber },
    });
  const confirm = (staff: StaffMember, agreementId: string, payoutId: string) =>
    call('POST', DISBURSEMENT_PATHS.confirm(agreementId), {
      token: staff.token,
      body: { payoutId },
    });
  const statusOf = async (agreementId: string) => {
    const [row] = await db().select().from(t.agreements).where(eq(t.agreements.id, agreementId));
    return row!.status;
  };
  const ledger = (reference: string) =>
    db()
      .select()
      .from(t.payoutSandboxTransfers)
      .where(eq(t.payoutSandboxTransfers.reference, reference));

  everywhere(
    'queues agreements waiting for disbursement with the net amount from the engine',
    async () => {
      const { agreement } = await waiting();
      const queue = await call('GET', DISBURSEMENT_PATHS.queue, { token: officer.token });
      expect(queue.status).toBe(200);
      const entry = queue.body.items.find(
        (item: { agreementId: string }) => item.agreementId === agreement.id,
      );
      // RM10,000 unsecured: stamp duty RM50 and the 7% attestation fee RM700 are deducted.
      const figures = approvedLoanSummary({
        approvedSen: 1_000_000,
        tenureMonths: 24,
        annualRateBp: 1200,
        security: 'UNSECURED',
      });
      expect(figures.netReceivedSen).toBe(925_000);
      expect(entry).toMatchObject({
        agreementNo: agreement.agreementNo,
        agreementStatus: 'PENDING_DISBURSEMENT',
        principalSen: 1_000_000,
        netAmountSen: 925_000,
        payout: null,
      });
      const signing = await agreementAt(
        db(),
        await approvedApplicant(db(), call),
        'AGREEMENTSIGNING',
      );
      const again = await call('GET', DISBURSEMENT_PATHS.queue, { token: approver.token });
      expect(
        again.body.items.some((item: { agreementId: string }) => item.agreementId === signing.id),
      ).toBe(false);
    },
  );

  it('keeps applicants and staff without the role out', async () => {
    const { approved, agreement } = await waiting();
    expect((await call('GET', DISBURSEMENT_PATHS.queue)).status).toBe(401);
    expect(
      (await call('GET', DISBURSEMENT_PATHS.queue, { token: approved.applicant.token })).status,
    ).toBe(403);
    const applicantRecord = await call('POST', DISBURSEMENT_PATHS.record(agreement.id), {
      token: approved.applicant.token,
      body: { version: agreement.version, bankId, accountName: 'Me', accountNumber: '123456789' },
    });
    expect(applicantRecord.status).toBe(403);
    const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    expect((await call('GET', DISBURSEMENT_PATHS.queue, { token: service.token })).status).toBe(
      403,
    );
    expect((await record(service, agreement.id, agreement.version)).status).toBe(403);
    // Recording is the maker's role; an approver confirms but does not record.
    expect((await record(approver, agreement.id, agreement.version)).status).toBe(403);
    const recorded = await record(officer, agreement.id, agreement.version);
    expect(recorded.status).toBe(200);
    // Confirming is the checker's: another credit officer may not send the money.
    const otherOfficer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const byOfficer = await confirm(otherOfficer, agreement.id, recorded.body.payouts[0].id);
    expect(byOfficer.status).toBe(403);
    expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
  });

  it('tells each person what they may do with a payout, and why not', async () => {
    const { agreement } = await waiting();
    const actionsOf = async (member: StaffMember) =>
      (await call('GET', DISBURSEMENT_PATHS.detail(agreement.id), { token: member.token })).body
        .actions;
    // Nothing recorded yet: the maker records; an approver is told it is not theirs to record,
    // and that nothing waits for a confirmation.
    expect(await actionsOf(officer)).toEqual({
      record: { allowed: true },
      confirm: { allowed: false, reason: 'nothingToDecide' },
    });
    expect(await actionsOf(approver)).toEqual({
      record: { allowed: false, reason: 'roleNotAllowed', roles: ['ADMIN', 'CREDIT_OFFICER'] },
      confirm: { allowed: false, reason: 'nothingToDecide' },
    });
    // Recorded: the maker may not confirm their own, nor record another; the approver confirms.
    expect((await record(officer, agreement.id, agreement.version)).status).toBe(200);
    expect(await actionsOf(officer)).toEqual({
      record: { allowed: false, reason: 'inProgress' },
      confirm: { allowed: false, reason: 'roleNotAllowed', roles: ['ADMIN', 'APPROVER'] },
    });
    expect(await actionsOf(approver)).toEqual({
      record: { allowed: false, reason: 'roleNotAllowed', roles: ['ADMIN', 'CREDIT_OFFICER'] },
      confirm: { allowed: true },
    });
  });

  it('refuses a confirmation by the person who recorded the payout (four eyes)', async () => {
    const { agreement } = await waiting();
    const admin = await staffMember(db(), call, ['ADMIN']);
    const recorded = await record(admin, agreement.id, agreement.version);
    expect(recorded.status).toBe(200);
    expect(recorded.body.actions.confirm).toEqual({ allowed: false, reason: 'sameStaff' });
    const payout = recorded.body.payouts[0];
    const refused = await confirm(admin, agreement.id, payout.id);
    expect(refused).toMatchObject({ status: 403, body: { code: 'PAYOUT_SAME_STAFF' } });
    expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
    expect(await ledger(payout.reference)).toHaveLength(0);
    const viewed = await call('GET', DISBURSEMENT_PATHS.detail(agreement.id), {
      token: approver.token,
    });
    expect(viewed.body.actions.confirm).toEqual({ allowed: true });
  });

  it('pays out, opens the account and stores the engine’s schedule with its hash', async () => {
    const { approved, agreement } = await waiting();
    const recorded = await record(officer, agreement.id, agreement.version);
    expect(recorded.status).toBe(200);
    const payout = recorded.body.payouts[0];
    expect(payout).toMatchObject({
      status: 'RECORDED',
      amountSen: 925_000,
      beneficiaryName: 'Kedai Runcit Aminah',
      bankCode: 'MBB',
      accountLast4: '9012',
      recordedBy: { id: officer.id },
      confirmedBy: null,
    });
    // A second payout cannot be recorded while one is live.
    const twice = await record(officer, agreement.id, agreement.version);
    expect(twice).toMatchObject({ status: 409, body: { code: 'PAYOUT_ALREADY_RECORDED' } });

    const before = new Date();
    const confirmed = await confirm(approver, agreement.id, payout.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payouts[0]).toMatchObject({
      status: 'PAID',
      confirmedBy: { id: approver.id },
      rejectionReason: null,
    });
    expect(confirmed.body.payouts[0].bankReference).toMatch(/^SBX[0-9A-F]{16}$/);
    expect(await statusOf(agreement.id)).toBe('DISBURSED');

    const disbursedOn = malaysiaDate(before);
    const firstDueDate = addMonths(disbursedOn, 1);
    expect(confirmed.body.account).toMatchObject({ status: 'ACTIVE', disbursedOn, firstDueDate });

    // The schedule is the engine's, and its instalments are the offer's instalment table.
    const offer = agreement.offer as ApprovedLoanSummary;
    const expected = repaymentScheduleRows(
      { principalSen: 1_000_000, tenureMonths: 24, annualRateBp: 1200 },
      firstDueDate,
    );
    const schedule = confirmed.body.schedule;
    expect(schedule.version).toBe(1);
    expect(schedule.rows).toEqual(expected);
    expect(schedule.rows).toHaveLength(24);
    // RM10,000 at 12% flat over 24 months: RM2,400 interest, 24 x RM516.67 less rounding.
    expect(offer.monthlyInstalmentSen).toBe(51_667);
    expect(offer.lastInstalmentSen).toBe(51_659);
    expect(schedule.rows[0]).toMatchObject({ instalmentSen: 51_667, interestSen: 10_000 });
    expect(schedule.rows[23]).toMatchObject({ instalmentSen: 51_659, interestSen: 10_000 });
    expect(
      schedule.rows.reduce(
        (sum: number, row: { instalmentSen: number }) => sum + row.instalmentSen,
        0,
      ),
    ).toBe(offer.totalRepayableSen);
    const hash = createHash('sha256').update(canonicalScheduleText(expected)).digest('hex');
    expect(schedule.rowsSha256).toBe(hash);
    const stored = await db()
      .select()
      .from(t.repaymentScheduleRows)
      .innerJoin(
        t.repaymentSchedules,
        eq(t.repaymentSchedules.id, t.repaymentScheduleRows.scheduleId),
      )
      .where(eq(t.repaymentSchedules.agreementId, agreement.id))
      .orderBy(t.repaymentScheduleRows.instalmentNo);
    const storedRows = stored.map(({ repayment_schedule_rows: row }) => row);
    expect(createHash('sha256').update(canonicalScheduleText(storedRows)).digest('hex')).toBe(
      stored[0]!.repayment_schedules.rowsSha256,
    );

    // One transfer at the bank, for the net amount.
    const transfers = await ledger(payout.reference);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ status: 'ACCEPTED', amountSen: 925_000 });

    // The history, and the audit trail of each step.
    const history = await db()
      .select()
      .from(t.agreementStatusHistory)
      .where(
        and(
          eq(t.agreementStatusHistory.agreementId, agreement.id),
          eq(t.agreementStatusHistory.toStatus, 'DISBURSED'),
        ),
      );
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'PENDING_DISBURSEMENT',
        actor: `staff:${approver.id}`,
      }),
    ]);
    const audit = await db()
      .select({ action: t.auditLog.action, actor: t.auditLog.actor })
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `disbursement:${payout.id}`))
      .orderBy(t.auditLog.id);
    expect(audit).toEqual([
      { action: 'disbursement.recorded', actor: `staff:${officer.id}` },
      { action: 'disbursement.sent', actor: `staff:${approver.id}` },
      { action: 'disbursement.paid', actor: `staff:${approver.id}` },
    ]);
    const opened = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `account:${confirmed.body.account.id}`));
    expect(opened).toEqual([
      expect.objectContaining({ action: 'account.opened', toStatus: 'ACTIVE' }),
    ]);

    // The borrower is told, and home reads "payment disbursed".
    const mail = await db()
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, approved.applicant.email));
    const notice = mail.find((message) => message.subject?.includes(agreement.agreementNo));
    expect(notice?.body).toContain('RM 9,250.00');
    expect(notice?.body).toContain('RM 516.67');
    const sms = await db()
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, approved.applicant.phoneNo));
    expect(sms.some((message) => message.body.includes('disbursed'))).toBe(true);
    const home = await call('GET', LOAN_STATUS_PATHS.home, { token: approved.applicant.token });
    expect(home.body.status.state).toBe('PAYMENT_DISBURSED');

    // No longer in the queue; nothing more may be recorded.
    const queue = await call('GET', DISBURSEMENT_PATHS.queue, { token: officer.token });
    expect(
      queue.body.items.some((item: { agreementId: string }) => item.agreementId === agreement.id),
    ).toBe(false);
    const late = await record(officer, agreement.id, confirmed.body.version);
    expect(late).toMatchObject({ status: 409, body: { code: 'NOT_PENDING_DISBURSEMENT' } });
  });

  everywhere('pays once however often the payout is confirmed', async () => {
    const { agreement } = await waiting();
    const recorded = await record(officer, agreement.id, agreement.version);
    const payout = recorded.body.payouts[0];
    const admin = await staffMember(db(), call, ['ADMIN']);
    const answers = await Promise.all([
      confirm(approver, agreement.id, payout.id),
      confirm(approver, agreement.id, payout.id),
      confirm(admin, agreement.id, payout.id),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const again = await confirm(approver, agreement.id, payout.id);
    expect(again.status).toBe(200);
    expect(again.body.payouts).toHaveLength(1);
    expect(again.body.payouts[0].status).toBe('PAID');
    expect(await ledger(payout.reference)).toHaveLength(1);
    const accounts = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    expect(accounts).toHaveLength(1);
    const schedules = await db()
      .select()
      .from(t.repaymentSchedules)
      .where(eq(t.repaymentSchedules.agreementId, agreement.id));
    expect(schedules).toHaveLength(1);
    const disbursed = await db()
      .select()
      .from(t.agreementStatusHistory)
      .where(
        and(
          eq(t.agreementStatusHistory.agreementId, agreement.id),
          eq(t.agreementStatusHistory.toStatus, 'DISBURSED'),
        ),
      );
    expect(disbursed).toHaveLength(1);
  });

  it('keeps the agreement waiting with the bank’s reason when the transfer is rejected', async () => {
    const { agreement } = await waiting();
    // The sandbox bank answers that an account ending 0000 does not exist.
    const recorded = await record(officer, agreement.id, agreement.version, '5123450000');
    const payout = recorded.body.payouts[0];
    const answer = await confirm(approver, agreement.id, payout.id);
    expect(answer.status).toBe(200);
    expect(answer.body.payouts[0]).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Account does not exist at the receiving bank',
      bankReference: null,
    });
    expect(answer.body).toMatchObject({ account: null, schedule: null });
    // The approver who confirmed may not record the next one: that is the maker's.
    expect(answer.body.actions.record).toEqual({
      allowed: false,
      reason: 'roleNotAllowed',
      roles: ['ADMIN', 'CREDIT_OFFICER'],
    });
    const forOfficer = await call('GET', DISBURSEMENT_PATHS.detail(agreement.id), {
      token: officer.token,
    });
    expect(forOfficer.body.actions.record).toEqual({ allowed: true });
    expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
    const retry = await confirm(approver, agreement.id, payout.id);
    expect(retry).toMatchObject({ status: 409, body: { code: 'PAYOUT_REJECTED' } });
    const queue = await call('GET', DISBURSEMENT_PATHS.queue, { token: officer.token });
    const entry = queue.body.items.find(
      (item: { agreementId: string }) => item.agreementId === agreement.id,
    );
    expect(entry.payout).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Account does not exist at the receiving bank',
    });

    // Corrected, it is recorded again under a new reference and paid.
    const corrected = await record(officer, agreement.id, agreement.version, '5123456789012');
    expect(corrected.status).toBe(200);
    const second = corrected.body.payouts[0];
    expect(second.reference).not.toBe(payout.reference);
    const paid = await confirm(approver, agreement.id, second.id);
    expect(paid.body.payouts.map((row: { status: string }) => row.status)).toEqual([
      'PAID',
      'REJECTED',
    ]);
    expect(await statusOf(agreement.id)).toBe('DISBURSED');
  });

  it('pays out only once every guarantor has passed identity verification', async () => {
    const { agreement } = await waiting();
    const guarantor = (position: number, verified: boolean) => ({
      id: randomUUID(),
      agreementId: agreement.id,
      position,
      role: 'DIRECTOR' as const,
      nameSealed: 'sealed',
      idNoSealed: 'sealed',
      idNoFingerprint: `fp-${randomUUID()}`,
      emailSealed: 'sealed',
      phoneSealed: 'sealed',
      status: verified ? ('SIGNED' as const) : ('INVITED' as const),
      tokenHash: randomUUID(),
      tokenExpiresAt: new Date(Date.now() + 60_000),
      ekycProviderRef: verified ? `ekyc-${position}` : null,
      verifiedAt: verified ? new Date() : null,
      createdAt: new Date(),
    });
    await db()
      .insert(t.agreementGuarantors)
      .values([guarantor(1, true), guarantor(2, false)]);
    const refused = await record(officer, agreement.id, agreement.version);
    expect([refused.status, refused.body.code]).toEqual([409, 'GUARANTOR_EKYC_REQUIRED']);
    expect(refused.body.message).toMatch(/guarantors not yet verified: 2$/);
    expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
    expect(
      await db()
        .select()
        .from(t.disbursements)
        .where(eq(t.disbursements.agreementId, agreement.id)),
    ).toEqual([]);
    await db()
      .update(t.agreementGuarantors)
      .set({ ekycProviderRef: 'ekyc-2', verifiedAt: new Date(), status: 'SIGNED' })
      .where(
        and(
          eq(t.agreementGuarantors.agreementId, agreement.id),
          eq(t.agreementGuarantors.position, 2),
        ),
      );
    const recorded = await record(officer, agreement.id, agreement.version);
    expect(recorded.status).toBe(200);
    // A guarantor found unverified between the maker and the checker stops the money too.
    await db()
      .update(t.agreementGuarantors)
      .set({ verifiedAt: null })
      .where(
        and(
          eq(t.agreementGuarantors.agreementId, agreement.id),
          eq(t.agreementGuarantors.position, 1),
        ),
      );
    const unconfirmed = await confirm(approver, agreement.id, recorded.body.payouts[0].id);
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([409, 'GUARANTOR_EKYC_REQUIRED']);
    expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
  });

  it('refuses a payout on a changed agreement or one not waiting for disbursement', async () => {
    const signing = await agreementAt(
      db(),
      await approvedApplicant(db(), call),
      'AGREEMENTSIGNING',
    );
    const early = await record(officer, signing.id, signing.version);
    expect(early).toMatchObject({ status: 409, body: { code: 'NOT_PENDING_DISBURSEMENT' } });
    const { agreement } = await waiting();
    const stale = await record(officer, agreement.id, agreement.version - 1);
    expect(stale).toMatchObject({ status: 409, body: { code: 'AGREEMENT_CHANGED' } });
    const badAccount = await record(officer, agreement.id, agreement.version, '12AB5678');
    expect(badAccount.status).toBe(400);
  });

  it('sets the first due date from the product settings', async () => {
    const admin = await staffMember(db(), call, ['ADMIN']);
    const current = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
    const saved = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      body: { ...current.body.settings, repayment: { firstDueMonthsAfterDisbursement: 2 } },
    });
    expect(saved.status).toBe(200);
    const { agreement } = await waiting();
    const recorded = await record(officer, agreement.id, agreement.version);
    const before = new Date();
    const paid = await confirm(approver, agreement.id, recorded.body.payouts[0].id);
    const firstDueDate = addMonths(malaysiaDate(before), 2);
    expect(paid.body.account.firstDueDate).toBe(firstDueDate);
    expect(paid.body.schedule.rows[0].dueDate).toBe(firstDueDate);
    expect(paid.body.schedule.rows[1].dueDate).toBe(addMonths(firstDueDate, 1));
  });

  it('keeps the first repayment date the signed agreement states', async () => {
    const admin = await staffMember(db(), call, ['ADMIN']);
    const firstDueAfter = async (months: number) => {
      const current = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
      const saved = await call('PUT', SETTINGS_PATHS.current, {
        token: admin.token,
        body: { ...current.body.settings, repayment: { firstDueMonthsAfterDisbursement: months } },
      });
      expect(saved.status).toBe(200);
    };
    await firstDueAfter(1);
    const { agreement } = await waiting();
    // The borrower read (and so signed) the agreement while the product said one month.
    await app.app.agreementDocuments.current(agreement.id);
    const agreed = await app.app.agreementDocuments.agreedFirstRepaymentDate(agreement.id);
    expect(agreed).toBe(addMonths(malaysiaDate(new Date()), 1));
    await firstDueAfter(3);
    const recorded = await record(officer, agreement.id, agreement.version);
    const paid = await confirm(approver, agreement.id, recorded.body.payouts[0].id);
    expect(paid.body.account.firstDueDate).toBe(agreed);
    expect(paid.body.schedule.rows[0].dueDate).toBe(agreed);
  });

  it('moves the first due date only when the money went out on or after it', () => {
    const due = { agreed: '2026-12-24' as IsoDate, months: 1 };
    expect(firstDueDateOf('2026-11-30' as IsoDate, due)).toBe('2026-12-24');
    expect(firstDueDateOf('2026-12-24' as IsoDate, due)).toBe('2027-01-24');
    expect(firstDueDateOf('2026-11-30' as IsoDate, { agreed: null, months: 2 })).toBe('2027-01-30');
  });
});

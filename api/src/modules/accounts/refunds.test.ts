// Credit left on a closed account is paid back to the payout's account: proposed by one finance
// member, approved by another (never the proposer), exactly the credit, once; the credit is then
// zero on the books and the borrower's letter leaves through the outbox in their language, and
// waits for them (and only them) on their loan.
import { execFileSync } from 'node:child_process';

import { ACCOUNT_PATHS, REPAYMENT_PATHS, type TenantId } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

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

const OVERPAID = 1_234;

describe.each(databases('concurrency'))('credit refunds (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  let finance: StaffMember;
  let secondFinance: StaffMember;
  let admin: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function signInStaff() {
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    finance = await staffMember(db(), call, ['FINANCE']);
    secondFinance = await staffMember(db(), call, ['FINANCE']);
    admin = await staffMember(db(), call, ['ADMIN']);
  }

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
      externalRef: `RF${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });

  /** A loan paid out, then paid off at once with OVERPAID sen too many: closed with credit. */
  async function overpaidLoan(language: 'EN' | 'MS' = 'EN', overpay = true) {
    await signInStaff();
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    if (overpay) {
      const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
      await pay(agreement.id, schedule.outstandingSen + OVERPAID);
    }
    return { approved, agreement, accountId: account!.id };
  }

  const refundsOf = (accountId: string, member: StaffMember) =>
    call('GET', ACCOUNT_PATHS.refunds(accountId), { token: member.token });
  const propose = (accountId: string, member: StaffMember, amountSen = OVERPAID) =>
    call('POST', ACCOUNT_PATHS.refunds(accountId), {
      token: member.token,
      body: { amountSen, reason: 'Overpaid on the final payment' },
    });
  const approve = (refundId: string, member: StaffMember) =>
    call('POST', ACCOUNT_PATHS.approveRefund(refundId), { token: member.token, body: {} });
  const creditRow = async (accountId: string) =>
    (await db().select().from(t.accountCredits).where(eq(t.accountCredits.accountId, accountId)))[0]
      ?.creditSen;
  const auditOf = (action: string, refundId: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(
        and(eq(t.auditLog.action, action), eq(t.auditLog.entity, `credit-refund:${refundId}`)),
      );
  const mailTo = (email: string) =>
    db().select().from(t.outbox).where(eq(t.outbox.recipient, email));

  it('shows finance the credit and the nominated account, and lets only finance propose', async () => {
    const { accountId, approved } = await overpaidLoan();
    const seen = await refundsOf(accountId, finance);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      status: 'CLOSED',
      creditSen: OVERPAID,
      nominatedAccount: { accountName: 'Kedai Runcit Aminah', accountLast4: '9012' },
      items: [],
      actions: { propose: { allowed: true } },
    });
    // Other readers see the credit, and why the refund is not theirs to propose.
    const byOfficer = await refundsOf(accountId, officer);
    expect(byOfficer.status).toBe(200);
    expect(byOfficer.body.actions.propose).toEqual({
      allowed: false,
      reason: 'roleNotAllowed',
      roles: ['FINANCE'],
    });
    expect((await call('GET', ACCOUNT_PATHS.refunds(accountId))).status).toBe(401);
    const byBorrower = await call('GET', ACCOUNT_PATHS.refunds(accountId), {
      token: approved.applicant.token,
    });
    expect(byBorrower.status).toBe(403);
    for (const member of [officer, approver, admin]) {
      const refused = await propose(accountId, member);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    }
    expect(await app.db.orm.select().from(t.creditRefunds)).not.toContainEqual(
      expect.objectContaining({ accountId }),
    );
  });

  it('refunds exactly the credit, and only of a closed account', async () => {
    const { accountId } = await overpaidLoan();
    for (const amountSen of [OVERPAID - 1, OVERPAID + 1]) {
      const wrong = await propose(accountId, finance, amountSen);
      expect(wrong.status).toBe(409);
      expect(wrong.body).toMatchObject({
        code: 'REFUND_REFUSED',
        message:
          'A refund pays back the whole credit and nothing more: the amount must equal the credit kept',
      });
    }
    const active = await overpaidLoan('EN', false);
    const notClosed = await propose(active.accountId, finance, 100);
    expect(notClosed.status).toBe(409);
    expect(notClosed.body.message).toBe('Only credit left on a closed account is refunded');
    expect((await refundsOf(active.accountId, finance)).body.actions.propose).toEqual({
      allowed: false,
      reason: 'notWaiting',
    });
  });

  it('needs a second member to approve; the proposer is refused in both languages', async () => {
    const { accountId } = await overpaidLoan();
    const proposed = await propose(accountId, finance);
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      status: 'PROPOSED',
      amountSen: OVERPAID,
      paidTo: { accountLast4: '9012' },
      actions: { decide: { allowed: false, reason: 'sameStaff' } },
    });
    const refundId = proposed.body.id;
    // One waiting refund at a time.
    expect((await propose(accountId, secondFinance)).body.code).toBe('REFUND_PENDING');

    const same = await approve(refundId, finance);
    expect(same.status).toBe(403);
    expect(same.body).toMatchObject({
      code: 'REFUND_SAME_STAFF',
      message:
        'A second finance member must decide this refund: the proposer cannot approve or reject it',
    });
    const inMalay = await app.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.approveRefund(refundId),
      headers: { authorization: `Bearer ${finance.token}`, 'accept-language': 'ms' },
      payload: {},
    });
    expect(inMalay.statusCode).toBe(403);
    expect(inMalay.json()).toMatchObject({
      code: 'REFUND_SAME_STAFF',
      message:
        'Ahli kewangan kedua mesti memutuskan bayaran balik ini: pencadang tidak boleh meluluskan atau menolaknya',
    });
    // Deciding is finance's or an admin's, never a credit officer's or an approver's.
    for (const member of [officer, approver]) {
      const refused = await approve(refundId, member);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect(await creditRow(accountId)).toBe(OVERPAID);

    const approved = await approve(refundId, secondFinance);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      decidedBy: secondFinance.id,
      letterSent: true,
      actions: { decide: { allowed: false, reason: 'nothingToDecide' } },
    });
    expect(approved.body.businessDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [proposedAudit] = await auditOf('refund.proposed', refundId);
    expect(proposedAudit).toMatchObject({ actor: `staff:${finance.id}`, toStatus: 'PROPOSED' });
    const [approvedAudit] = await auditOf('refund.approved', refundId);
    expect(approvedAudit).toMatchObject({
      actor: `staff:${secondFinance.id}`,
      fromStatus: 'PROPOSED',
      toStatus: 'APPROVED',
    });
  });

  everywhere('books the refund: the credit is zero and it cannot be refunded twice', async () => {
    const { accountId } = await overpaidLoan();
    const refundId = (await propose(accountId, finance)).body.id;
    expect((await approve(refundId, admin)).status).toBe(200);

    expect(await creditRow(accountId)).toBe(0);
    // The refund's rows take the credit back from the payment that left it.
    const rows = await db()
      .select()
      .from(t.paymentAllocations)
      .where(eq(t.paymentAllocations.refundId, refundId));
    expect(rows.map((row) => [row.kind, row.amountSen, row.fromCredit])).toEqual([
      ['CREDIT', -OVERPAID, true],
    ]);
    const credits = await db()
      .select()
      .from(t.paymentAllocations)
      .where(
        and(eq(t.paymentAllocations.accountId, accountId), eq(t.paymentAllocations.kind, 'CREDIT')),
      );
    expect(credits.reduce((sum, row) => sum + row.amountSen, 0)).toBe(0);

    const after = await refundsOf(accountId, finance);
    expect(after.body).toMatchObject({
      creditSen: 0,
      actions: { propose: { allowed: false, reason: 'nothingOutstanding' } },
    });
    const again = await propose(accountId, finance);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'REFUND_REFUSED',
      message: 'This account has no credit to refund',
    });
    const twice = await approve(refundId, secondFinance);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('REFUND_DECIDED');
    expect(await creditRow(accountId)).toBe(0);
  });

  it('rejects a refund without moving money', async () => {
    const { accountId } = await overpaidLoan();
    const refundId = (await propose(accountId, finance)).body.id;
    const rejected = await call('POST', ACCOUNT_PATHS.rejectRefund(refundId), {
      token: secondFinance.token,
      body: { note: 'Borrower asked to keep it' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', businessDate: null });
    expect(await auditOf('refund.rejected', refundId)).toHaveLength(1);
    expect(await creditRow(accountId)).toBe(OVERPAID);
    expect((await refundsOf(accountId, finance)).body.actions.propose).toEqual({ allowed: true });
  });

  it('sends the refund letter through the outbox in the borrower’s language', async () => {
    for (const language of ['EN', 'MS'] as const) {
      const { accountId, approved, agreement } = await overpaidLoan(language);
      const refundId = (await propose(accountId, finance)).body.id;
      const before = (await mailTo(approved.applicant.email)).length;
      expect((await approve(refundId, secondFinance)).status).toBe(200);
      const mails = await mailTo(approved.applicant.email);
      expect(mails).toHaveLength(before + 1);
      const subject =
        language === 'MS'
          ? `Bayaran balik kredit pinjaman ${agreement.agreementNo}`
          : `Credit refunded on loan ${agreement.agreementNo}`;
      const letter = mails.find((mail) => mail.subject === subject);
      expect(letter?.body).toContain(
        language === 'MS'
          ? 'Kredit RM 12.34 yang tinggal dalam pinjaman anda'
          : 'The credit of RM 12.34 left on your loan',
      );
      expect(letter?.body).toContain('9012');
      expect(letter?.body).toContain(
        language === 'MS'
          ? 'Muat turun surat bayaran balik anda dari jadual bayaran balik'
          : 'Download your refund letter from your repayment schedule',
      );
      const [row] = await db()
        .select()
        .from(t.creditRefunds)
        .where(eq(t.creditRefunds.id, refundId));
      expect(row).toMatchObject({ letterLanguage: language });
      expect(row!.letterStorageKey).toBeTruthy();
      expect(row!.letterEmailedAt).not.toBeNull();
      expect(await auditOf('refund_letter.issued', refundId)).toHaveLength(1);
      // Read again: the letter is not sent a second time.
      await refundsOf(accountId, finance);
      expect(await mailTo(approved.applicant.email)).toHaveLength(before + 1);
    }
  });

  it('builds a letter approval could not in the daily job, never on a read', async () => {
    const { accountId, approved, agreement } = await overpaidLoan('EN');
    const refundId = (await propose(accountId, finance)).body.id;
    expect((await approve(refundId, secondFinance)).status).toBe(200);
    // As if building or sending the letter had failed at approval.
    await db()
      .update(t.creditRefunds)
      .set({
        letterStorageKey: null,
        letterSha256: null,
        letterLanguage: null,
        letterEmailedAt: null,
      })
      .where(eq(t.creditRefunds.id, refundId));
    const before = (await mailTo(approved.applicant.email)).length;
    const listPath = REPAYMENT_PATHS.refundLetters(agreement.id);
    const owner = approved.applicant.token;

    expect((await refundsOf(accountId, finance)).status).toBe(200);
    expect((await call('GET', listPath, { token: owner })).body.items).toEqual([]);
    expect(await mailTo(approved.applicant.email)).toHaveLength(before);

    const run = await app.app.refunds.issueMissing();
    expect(run.issued).toBe(run.tried);
    expect(run.issued).toBeGreaterThanOrEqual(1);
    expect(await mailTo(approved.applicant.email)).toHaveLength(before + 1);
    const listed = await call('GET', listPath, { token: owner });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([refundId]);
    expect(await app.app.refunds.issueMissing()).toEqual({ tried: 0, issued: 0 });
  });

  it('gives the borrower their refund letter, in their language, and nobody else', async () => {
    for (const language of ['EN', 'MS'] as const) {
      const { accountId, approved, agreement } = await overpaidLoan(language);
      const refundId = (await propose(accountId, finance)).body.id;
      const owner = approved.applicant.token;
      const listPath = REPAYMENT_PATHS.refundLetters(agreement.id);
      const letterPath = REPAYMENT_PATHS.refundLetter(refundId);
      // A refund not yet approved has no letter.
      expect((await call('GET', listPath, { token: owner })).body).toEqual({
        agreementId: agreement.id,
        items: [],
      });
      expect((await call('GET', letterPath, { token: owner })).status).toBe(404);

      const decided = await approve(refundId, secondFinance);
      expect(decided.status).toBe(200);
      const listed = await call('GET', listPath, { token: owner });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        agreementId: agreement.id,
        items: [
          {
            id: refundId,
            agreementId: agreement.id,
            reference: decided.body.reference,
            amountSen: OVERPAID,
            refundedOn: decided.body.businessDate,
            accountLast4: '9012',
            language,
          },
        ],
      });
      const pdf = await app.app.inject({
        method: 'GET',
        url: letterPath,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      const text = execFileSync('pdftotext', ['-raw', '-', '-'], {
        input: pdf.rawPayload,
        encoding: 'utf8',
      });
      expect(text).toContain(language === 'MS' ? 'BAYARAN BALIK KREDIT' : 'REFUND OF CREDIT');
      expect(text).toContain(decided.body.reference);
      expect(text).toContain(agreement.agreementNo);

      // Another borrower is told neither the loan's letters nor the letter exist.
      const stranger = await approvedApplicant(db(), call, {});
      for (const path of [listPath, letterPath]) {
        const refused = await call('GET', path, { token: stranger.applicant.token });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({
          statusCode: 404,
          code: 'REFUND_LETTER_NOT_FOUND',
          error: 'Not Found',
          message: 'Refund letter not found',
        });
        expect(JSON.stringify(refused.body)).not.toContain(decided.body.reference);
        // Staff read refunds through the back office, never through the borrower's routes.
        for (const member of [finance, admin]) {
          const staff = await call('GET', path, { token: member.token });
          expect(staff.status).toBe(403);
          expect(staff.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
          expect(staff.body).not.toHaveProperty('items');
          expect(JSON.stringify(staff.body)).not.toContain(decided.body.reference);
        }
        const anonymous = await call('GET', path);
        expect(anonymous.status).toBe(401);
        expect(JSON.stringify(anonymous.body)).not.toContain('%PDF');
      }
      const inMalay = await app.app.inject({
        method: 'GET',
        url: letterPath,
        headers: {
          authorization: `Bearer ${stranger.applicant.token}`,
          'accept-language': 'ms',
        },
      });
      expect(inMalay.json()).toMatchObject({
        code: 'REFUND_LETTER_NOT_FOUND',
        message: 'Surat bayaran balik kredit tidak dijumpai',
      });
    }
  });
});

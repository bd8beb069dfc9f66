// A sandbox whose business date was moved a month ahead of the wall clock: every date the books
// keep and the borrower is shown (a payment's day on its receipt, in its email and in the payment
// history, a direct debit's failure, an online payment started) is the business date, never the
// wall clock's; the instants kept for the audit stay the wall clock's.
import {
  BUSINESS_DATE_PATHS,
  GATEWAY_PAYMENT_PATHS,
  JOMPAY_PATHS,
  LOAN_STATUS_PATHS,
  MANDATE_PATHS,
  REPAYMENT_PATHS,
} from '@lending/contracts';
import { addDays, addMonths, collectionDayFor, jompayRef1 } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut, SANDBOX_PAYER } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { day } from '../repayments/messages';

const KEYS = {
  merchantId: 'lending_test',
  verifyKey: 'test-verify-key-0123456789abcdef',
  secretKey: 'test-secret-key-0123456789abcdef',
};
const PUBLIC_URL = 'https://lend.example.com';

describe.each(databases())('dates shown in a sandbox moved ahead (%s)', (kind) => {
  // The wall clock never moves in this suite: 10:00 in Malaysia on 2 March.
  const clock = fixedClock('2026-03-02T02:00:00Z');
  const wallDate = '2026-03-02';
  let app: TestApp;
  let call: Caller;
  let admin: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, {
      clock,
      movableBusinessDate: true,
      paymentGateway: KEYS,
      publicUrl: PUBLIC_URL,
    });
    call = caller(app.app);
    admin = await staffMember(app.db.orm, call, ['ADMIN']);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** A loan paid out today, its direct debit on the sandbox bank's account with no money. */
  async function loanWithEmptyAccount() {
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, { language: 'EN' });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const registered = await call('POST', MANDATE_PATHS.directDebit(agreement.id), {
      token: approved.applicant.token,
      body: { ...SANDBOX_PAYER, accountNo: '512345670051' },
    });
    expect(registered.status).toBe(201);
    const atBank = await app.app.inject({
      method: 'POST',
      url: new URL(String(registered.body.authorisationUrl)).pathname,
      headers: { accept: 'application/json' },
      payload: { decision: 'approve' },
    });
    expect(atBank.statusCode).toBeLessThan(400);
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    return { approved, agreement, due: (n: number) => addMonths(firstDueDate, n - 1) };
  }

  /** The business date moved by an admin, and the days up to it closed. */
  async function closeThrough(businessDate: string) {
    const moved = await call('PUT', BUSINESS_DATE_PATHS.move, {
      token: admin.token,
      body: { businessDate },
    });
    expect(moved.status).toBe(200);
    const started = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    await app.app.businessDate.settle();
  }

  const mailTo = (email: string) =>
    db().select().from(t.outbox).where(eq(t.outbox.recipient, email));

  it('dates receipts, their emails, the payment history and a direct debit’s failure on the business date', async () => {
    const { approved, agreement, due } = await loanWithEmptyAccount();
    const token = approved.applicant.token;
    // Collected on the due date (or the bank's day before it); the bank says no the next day.
    const sendDay = collectionDayFor(due(1), []);
    const refusedOn = addDays(sendDay, 1);
    await closeThrough(refusedOn);
    expect((await app.app.businessDate.view()).businessDate).toBe(refusedOn);
    expect(refusedOn > wallDate).toBe(true);

    const [collection] = await db()
      .select()
      .from(t.directDebitCollections)
      .where(eq(t.directDebitCollections.agreementId, agreement.id));
    expect(collection).toMatchObject({
      status: 'FAILED',
      collectionDate: sendDay,
      resolvedOn: refusedOn,
      failureReason: 'Insufficient funds',
    });
    // The audit's instant is the wall clock's.
    expect(collection!.resolvedAt!.toISOString()).toBe(clock.now().toISOString());

    // The borrower pays the overdue instalment online on the business date.
    const started = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token,
      body: { agreementId: agreement.id, channel: 'FPX' },
    });
    expect(started.status).toBe(201);
    const pending = await call('GET', REPAYMENT_PATHS.paymentHistory(agreement.id), { token });
    expect(pending.body.items).toContainEqual(
      expect.objectContaining({ id: expect.any(String), status: 'PENDING', paidOn: refusedOn }),
    );
    const paid = await app.app.inject({
      method: 'POST',
      url: new URL(String(started.body.paymentUrl)).pathname,
      headers: { accept: 'application/json' },
      payload: { outcome: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'PAID' });
    const [payment] = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.agreementId, agreement.id));
    expect(payment).toMatchObject({ channel: 'FPX', businessDate: refusedOn });
    // The receipt is made by the booking's handler, after its transaction.
    await app.app.settle();

    const history = await call('GET', REPAYMENT_PATHS.paymentHistory(agreement.id), { token });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        id: payment!.id,
        status: 'PAID',
        receiptNo: payment!.receiptNo,
        paidOn: refusedOn,
        receiptFileId: expect.any(String),
      }),
      expect.objectContaining({
        status: 'FAILED',
        channel: 'DIRECT_DEBIT',
        failureCode: 'DD_51',
        paidOn: refusedOn,
      }),
    ]);
    const staff = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const staffView = await call('GET', REPAYMENT_PATHS.staffPaymentHistory(agreement.id), {
      token: staff.token,
    });
    expect(staffView.body.items).toEqual([
      expect.objectContaining({ id: payment!.id, paidOn: refusedOn }),
    ]);
    const receipt = await call(
      'GET',
      REPAYMENT_PATHS.receipt(history.body.items[0].receiptFileId),
      { token },
    );
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');

    // The payment's confirmation: the day on the books, not the wall clock's.
    const mail = (await mailTo(approved.applicant.email)).find(
      (message) =>
        message.subject === `Payment receipt ${payment!.receiptNo} (${agreement.agreementNo})`,
    );
    expect(mail?.body).toContain(`on ${day(refusedOn)} for agreement ${agreement.agreementNo}`);
    expect(mail?.body).not.toContain(day(wallDate));

    // The loan's life on the borrower's history: paid out before the move, repaid after it.
    const life = await call('GET', LOAN_STATUS_PATHS.historyItem(approved.applicationId), {
      token,
    });
    expect(life.body.account.life).toEqual([
      expect.objectContaining({ event: 'PAID_OUT', on: wallDate }),
      expect.objectContaining({ event: 'REPAID', on: refusedOn, amountSen: payment!.amountSen }),
    ]);
  });

  it('books a JomPAY credit from the sandbox bank on the business date it was paid', async () => {
    const { approved, agreement } = await loanWithEmptyAccount();
    const businessDate = (await app.app.businessDate.view()).businessDate;
    expect(businessDate > wallDate).toBe(true);
    const made = await call('POST', JOMPAY_PATHS.sandboxFile, {
      token: admin.token,
      body: { credits: [{ ref1: jompayRef1(agreement.agreementNo), amountSen: 10_000 }] },
    });
    expect(made.status).toBe(200);
    const imported = await call('POST', JOMPAY_PATHS.imports, {
      token: admin.token,
      body: { fileName: 'jompay-ahead.txt', content: String(made.body) },
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ appliedCount: 1, rejectedCount: 0 });

    const history = await call('GET', REPAYMENT_PATHS.paymentHistory(agreement.id), {
      token: approved.applicant.token,
    });
    expect(history.body.items).toEqual([
      expect.objectContaining({ channel: 'JOMPAY', status: 'PAID', paidOn: businessDate }),
    ]);
    const mail = (await mailTo(approved.applicant.email)).find((message) =>
      message.subject?.startsWith('Payment receipt '),
    );
    expect(mail?.body).toContain(`of RM 100.00 on ${day(businessDate)}`);
  });
});

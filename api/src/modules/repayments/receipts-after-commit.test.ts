import { and, eq, like } from 'drizzle-orm';

import { type App, buildApp } from '../../app';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { inTransaction } from '../../kernel/transaction';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import {
  databases,
  openTestDatabase,
  testCounterOptions,
  type TestDatabase,
} from '../../testing/test-db';

// The receipt of a payment goes out after the payment's transaction commits, by the handler of
// the `payment.booked` event that transaction recorded: once, whatever happens to the process
// between the two, and never for a payment that rolled back.
describe.each(databases('concurrency'))('receipts after the payment commits (%s)', (kind) => {
  const clock = fixedClock(new Date());
  let database: TestDatabase;
  const open: App[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of open.splice(0)) await app.close();
    await database.close();
  });

  /** An API process over the suite's database. */
  async function start(): Promise<App> {
    const app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      clock,
      ...testCounterOptions(),
    });
    await app.ready();
    open.push(app);
    return app;
  }

  async function stop(app: App): Promise<void> {
    open.splice(open.indexOf(app), 1);
    await app.close();
  }

  const db = () => database.db.orm;

  async function disbursedLoan(app: App) {
    const call = caller(app);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    // What paying out sent (the agreement, the welcome) is not what these tests count.
    await app.settle();
    return { email: approved.applicant.email, agreement };
  }

  const receiptMails = (email: string) =>
    db()
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.recipient, email), like(t.outbox.subject, 'Payment receipt%')));
  const receiptsOf = (paymentId: string) =>
    db().select().from(t.paymentReceipts).where(eq(t.paymentReceipts.paymentId, paymentId));

  const payment = (agreementId: string, externalRef: string) => ({
    agreementId,
    amountSen: 10_000,
    channel: 'FPX' as const,
    externalRef,
    paidAt: clock.now(),
    actor: 'gateway:test',
  });

  it('sends the receipt once when the process ends between the commit and the send', async () => {
    const first = await start();
    const loan = await disbursedLoan(first);
    const paid = await first.repayments.applyPayment(payment(loan.agreement.id, 'RESTART-1'));
    expect(paid.duplicate).toBe(false);
    // The process ends here: the payment committed, its handlers have not run.
    await stop(first);
    expect(await receiptsOf(paid.paymentId)).toEqual([]);
    expect(await receiptMails(loan.email)).toEqual([]);

    const second = await start();
    await second.settle();
    const receipts = await receiptsOf(paid.paymentId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.emailedAt).not.toBeNull();
    const mails = await receiptMails(loan.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Payment receipt ${paid.receiptNo} (${loan.agreement.agreementNo})`,
    ]);

    // The same payment told again, the daily job, another drain: nothing more goes out.
    expect(
      (await second.repayments.applyPayment(payment(loan.agreement.id, 'RESTART-1'))).duplicate,
    ).toBe(true);
    await second.repayments.accrueLateCharges();
    await second.settle();
    expect(await receiptMails(loan.email)).toHaveLength(1);
    expect(await receiptsOf(paid.paymentId)).toHaveLength(1);
  });

  it('sends nothing for a payment whose transaction rolled back', async () => {
    const app = await start();
    const loan = await disbursedLoan(app);
    let paymentId = '';
    await expect(
      inTransaction(db(), async (tx) => {
        paymentId = (
          await app.repayments.applyPayment(payment(loan.agreement.id, 'ROLLED-BACK'), tx)
        ).paymentId;
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    await app.settle();
    expect(paymentId).not.toBe('');
    expect(await receiptsOf(paymentId)).toEqual([]);
    expect(await receiptMails(loan.email)).toEqual([]);
    const recorded = await db()
      .select()
      .from(t.events)
      .where(eq(t.events.key, `payment.booked:${paymentId}`));
    expect(recorded).toEqual([]);
  });
});

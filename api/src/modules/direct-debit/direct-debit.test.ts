import { MANDATE_PATHS, SETTINGS_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, collectionDayFor, isBusinessDay } from '@lending/domain';
import { asc, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  agreementAt,
  type ApprovedApplicant,
  approvedApplicant,
  paidOut,
  SANDBOX_PAYER,
} from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

// The test terms: RM10,000 over 24 months at 12% flat, instalments of RM516.67 (the mandate's
// limit is the largest instalment).
const INSTALMENT = 51_667;

describe.each(databases())('direct debit collections (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;
  const collect = () => app.app.directDebit.collect();

  /** A loan paid out with an active mandate on a sandbox account ending in `last4`. */
  async function loanWithMandate(last4: string) {
    clock.set(started);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const registered = await call('POST', MANDATE_PATHS.directDebit(agreement.id), {
      token: approved.applicant.token,
      body: { ...SANDBOX_PAYER, accountNo: `51234567${last4}` },
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

  /** A time of day in Malaysia on a business date. */
  const at = (date: string, time = '12:00') => clock.set(`${date}T${time}:00+08:00`);
  const viewer = (approved: ApprovedApplicant) => ({
    kind: 'applicant' as const,
    userId: approved.applicant.userId,
    tenant: 'arkcash' as TenantId,
    sessionId: '',
  });
  const collectionsOf = (agreementId: string) =>
    db()
      .select()
      .from(t.directDebitCollections)
      .where(eq(t.directDebitCollections.agreementId, agreementId))
      .orderBy(asc(t.directDebitCollections.attemptNo));
  const paymentsOf = (agreementId: string) =>
    db().select().from(t.payments).where(eq(t.payments.agreementId, agreementId));

  it('collects on the due date, books the bank’s yes the next day, and twice is once', async () => {
    const { approved, agreement, due } = await loanWithMandate('8901');
    // The due date, or the business day before it when the bank is closed that day.
    const sendDay = collectionDayFor(due(1), []);
    // Nothing before then.
    at(addDays(sendDay, -1));
    await collect();
    expect(await collectionsOf(agreement.id)).toEqual([]);

    at(sendDay, '00:15');
    await collect();
    await collect();
    const sent = await collectionsOf(agreement.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(
      expect.objectContaining({
        instalmentNo: 1,
        attemptNo: 1,
        amountSen: INSTALMENT,
        collectionDate: sendDay,
        status: 'SUBMITTED',
      }),
    );
    // The borrower sees it on its way.
    const waiting = await app.app.repayments.paymentHistory(viewer(approved), agreement.id);
    expect(waiting.items).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        channel: 'DIRECT_DEBIT',
        amountSen: INSTALMENT,
      }),
    ]);

    // The bank answers the next day; the payment is booked as of the day it was debited.
    at(addDays(sendDay, 1), '00:15');
    const run = await collect();
    expect(run.collected).toBeGreaterThanOrEqual(1);
    await collect();
    const [done] = await collectionsOf(agreement.id);
    expect(done!.status).toBe('SUCCEEDED');
    const payments = await paymentsOf(agreement.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toEqual(
      expect.objectContaining({
        id: done!.paymentId,
        channel: 'DIRECT_DEBIT',
        externalRef: done!.collectionRef,
        amountSen: INSTALMENT,
        businessDate: sendDay,
      }),
    );
    const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
    expect(schedule.instalments[0]).toEqual(
      expect.objectContaining({ status: 'PAID', lateChargesSen: 0, paidOn: sendDay }),
    );
    const history = await app.app.repayments.paymentHistory(viewer(approved), agreement.id);
    expect(history.items).toEqual([
      expect.objectContaining({
        status: 'PAID',
        channel: 'DIRECT_DEBIT',
        amountSen: INSTALMENT,
        receiptNo: payments[0]!.receiptNo,
        failureReason: null,
      }),
    ]);
    // Collected: nothing more until the next due date.
    at(addDays(sendDay, 5));
    await collect();
    expect(await collectionsOf(agreement.id)).toHaveLength(1);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `direct-debit-collection:${done!.id}`))
      .orderBy(asc(t.auditLog.id));
    expect(audit.map((row) => [row.action, row.toStatus])).toEqual([
      ['direct_debit.planned', 'PLANNED'],
      ['direct_debit.status_changed', 'SUBMITTED'],
      ['direct_debit.status_changed', 'SUCCEEDED'],
    ]);
  });

  it('keeps the bank’s reason for a failed collection and retries as the settings say', async () => {
    const admin = await staffMember(db(), call, ['ADMIN']);
    const { body: current } = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
    const saved = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      body: { ...current.settings, directDebit: { retryCount: 1, retryDays: 2 } },
    });
    expect(saved.status).toBe(200);
    // The sandbox bank's account ending in 0051 has no money.
    const { approved, agreement, due } = await loanWithMandate('0051');
    const sendDay = collectionDayFor(due(1), []);
    at(sendDay, '00:15');
    await collect();
    at(addDays(sendDay, 1), '00:15');
    await collect();
    const [first] = await collectionsOf(agreement.id);
    expect(first).toEqual(
      expect.objectContaining({
        status: 'FAILED',
        failureCode: '51',
        failureReason: 'Insufficient funds',
      }),
    );
    expect(await paymentsOf(agreement.id)).toEqual([]);
    const history = await app.app.repayments.paymentHistory(viewer(approved), agreement.id);
    expect(history.items).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        channel: 'DIRECT_DEBIT',
        receiptNo: null,
        failureReason: 'Insufficient funds',
      }),
    ]);

    // One retry, two days after the first attempt (or the business day after that); late charges
    // make it more than the instalment, but never more than the mandate allows.
    at(addDays(sendDay, 1), '12:00');
    await collect();
    expect(await collectionsOf(agreement.id)).toHaveLength(1);
    let retryDay = addDays(sendDay, 2);
    while (!isBusinessDay(retryDay, [])) retryDay = addDays(retryDay, 1);
    at(retryDay, '00:15');
    await collect();
    const retried = await collectionsOf(agreement.id);
    expect(retried).toHaveLength(2);
    expect(retried[1]).toEqual(
      expect.objectContaining({ attemptNo: 2, status: 'SUBMITTED', amountSen: INSTALMENT }),
    );
    at(addDays(retryDay, 1), '00:15');
    await collect();
    at(addDays(sendDay, 10));
    await collect();
    const all = await collectionsOf(agreement.id);
    expect(all.map((row) => row.status)).toEqual(['FAILED', 'FAILED']);

    // The next due date starts again with its own first attempt.
    at(collectionDayFor(due(2), []), '00:15');
    await collect();
    const next = await collectionsOf(agreement.id);
    expect(next.filter((row) => row.instalmentNo === 2)).toEqual([
      expect.objectContaining({ attemptNo: 1, status: 'SUBMITTED', amountSen: INSTALMENT }),
    ]);
  });

  it('runs as a daily job', async () => {
    const { agreement, due } = await loanWithMandate('8902');
    await app.app.jobs.runDue();
    at(collectionDayFor(due(1), []), '00:20');
    const runs = await app.app.jobs.runDue();
    expect(runs.find((run) => run.name === 'direct-debit')?.outcome).toBe('completed');
    expect((await collectionsOf(agreement.id))[0]?.status).toBe('SUBMITTED');
  });
});

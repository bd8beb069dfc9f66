import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { GATEWAY_PAYMENT_PATHS, REPAYMENT_PATHS, type TenantId } from '@lending/contracts';
import { addDays } from '@lending/domain';
import { and, asc, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock, malaysiaToday } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const KEYS = {
  merchantId: 'lending_test',
  verifyKey: 'test-verify-key-0123456789abcdef',
  secretKey: 'test-secret-key-0123456789abcdef',
};
const PUBLIC_URL = 'https://lend.example.com';

/** A PDF's text as a reader copies it (its fonts are embedded, so the bytes do not show it). */
function textOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discharge-'));
  const file = path.join(dir, 'letter.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databases())('early settlement online and discharge letters (%s)', (kind) => {
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock, paymentGateway: KEYS, publicUrl: PUBLIC_URL });
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** A borrower whose RM10,000 loan was paid out by two different staff members. */
  async function disbursedLoan(language: 'EN' | 'MS' = 'EN') {
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    return {
      token: approved.applicant.token,
      userId: approved.applicant.userId,
      email: approved.applicant.email,
      agreement,
    };
  }

  const quoteOf = async (token: string, agreementId: string) => {
    const quote = await call('GET', REPAYMENT_PATHS.earlySettlement(agreementId), { token });
    expect(quote.status).toBe(200);
    return quote.body as { asOf: string; settlementSen: number; interestForgoneSen: number };
  };

  /** The buyer pays on the gateway's hosted page (the notification is sent at once). */
  async function paysOnHostedPage(paymentUrl: string) {
    const response = await app.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { accept: 'application/json' },
      payload: { outcome: 'paid' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'PAID' });
  }

  const accountOf = async (agreementId: string) =>
    (
      await db().select().from(t.loanAccounts).where(eq(t.loanAccounts.agreementId, agreementId))
    )[0]!;
  const auditOf = (action: string, entity: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, action), eq(t.auditLog.entity, entity)));
  const mailTo = (email: string) =>
    db().select().from(t.outbox).where(eq(t.outbox.recipient, email));

  it('pays today’s settlement quote online: the loan closes and the discharge letter is issued', async () => {
    const loan = await disbursedLoan();
    const quote = await quoteOf(loan.token, loan.agreement.id);
    expect(quote.settlementSen).toBeGreaterThan(0);
    expect(quote.interestForgoneSen).toBeGreaterThan(0);

    // A figure other than today's is refused before any order exists.
    const stale = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: {
        agreementId: loan.agreement.id,
        channel: 'FPX',
        purpose: 'SETTLEMENT',
        amountSen: quote.settlementSen - 1,
        quoteAsOf: quote.asOf,
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('SETTLEMENT_QUOTE_CHANGED');
    const yesterday = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: {
        agreementId: loan.agreement.id,
        channel: 'FPX',
        purpose: 'SETTLEMENT',
        amountSen: quote.settlementSen,
        quoteAsOf: addDays(quote.asOf, -1),
      },
    });
    expect(yesterday.body.code).toBe('SETTLEMENT_QUOTE_CHANGED');
    expect(
      await db()
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.agreementId, loan.agreement.id)),
    ).toHaveLength(0);

    const started = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: {
        agreementId: loan.agreement.id,
        channel: 'FPX',
        purpose: 'SETTLEMENT',
        amountSen: quote.settlementSen,
        quoteAsOf: quote.asOf,
      },
    });
    expect(started.status).toBe(201);
    expect(started.body.payment).toMatchObject({
      amountSen: quote.settlementSen,
      purpose: 'SETTLEMENT',
      quoteAsOf: quote.asOf,
      settlementOutcome: null,
      status: 'PENDING',
    });
    const { orderId } = started.body.payment;
    await paysOnHostedPage(started.body.paymentUrl);

    const order = await call('GET', GATEWAY_PAYMENT_PATHS.order(orderId), { token: loan.token });
    expect(order.body).toMatchObject({ status: 'PAID', settlementOutcome: 'SETTLED' });
    const account = await accountOf(loan.agreement.id);
    expect(account.status).toBe('CLOSED');
    const schedule = await call('GET', REPAYMENT_PATHS.schedule(loan.agreement.id), {
      token: loan.token,
    });
    expect(schedule.body).toMatchObject({
      accountStatus: 'CLOSED',
      outstandingSen: 0,
      interestRebatedSen: quote.interestForgoneSen,
    });
    expect(await auditOf('account.closed', `loan-account:${account.id}`)).toEqual([
      expect.objectContaining({
        fromStatus: 'ACTIVE',
        toStatus: 'CLOSED',
        reason: 'Settled early',
      }),
    ]);
    const [gatewayRow] = await db()
      .select()
      .from(t.gatewayPayments)
      .where(eq(t.gatewayPayments.orderId, orderId));
    expect(
      await auditOf('gateway_payment.settlement_decided', `gateway-payment:${gatewayRow!.id}`),
    ).toEqual([expect.objectContaining({ reason: 'SETTLED' })]);

    // The letter was issued once the payment committed (the gateway's word booked it), and mailed.
    await app.app.settle();
    const letters = await db()
      .select()
      .from(t.dischargeLetters)
      .where(eq(t.dischargeLetters.agreementId, loan.agreement.id));
    expect(letters).toEqual([
      expect.objectContaining({
        version: 1,
        language: 'EN',
        closedBy: 'EARLY_SETTLEMENT',
        closedOn: malaysiaToday(clock),
        userId: loan.userId,
      }),
    ]);
    expect(letters[0]!.emailedAt).not.toBeNull();
    const mail = await mailTo(loan.email);
    expect(
      mail.filter(
        (message) => message.subject === `Discharge letter for loan ${loan.agreement.agreementNo}`,
      ),
    ).toHaveLength(1);
    expect(await auditOf('discharge_letter.issued', `discharge-letter:${letters[0]!.id}`)).toEqual([
      expect.objectContaining({ actor: 'system:discharge-letters' }),
    ]);

    const listed = await call('GET', REPAYMENT_PATHS.dischargeLetters(loan.agreement.id), {
      token: loan.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: letters[0]!.id, version: 1, closedBy: 'EARLY_SETTLEMENT' }),
    ]);
    const pdf = await call('GET', REPAYMENT_PATHS.dischargeLetter(letters[0]!.id), {
      token: loan.token,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);

    // Nothing is left to settle.
    const again = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: {
        agreementId: loan.agreement.id,
        channel: 'FPX',
        purpose: 'SETTLEMENT',
        amountSen: quote.settlementSen,
        quoteAsOf: quote.asOf,
      },
    });
    expect(again.status).toBe(409);

    // Another borrower, and nobody signed in, find no such loan or letter.
    const other = await approvedApplicant(db(), call);
    for (const path of [
      REPAYMENT_PATHS.dischargeLetters(loan.agreement.id),
      REPAYMENT_PATHS.dischargeLetter(letters[0]!.id),
    ]) {
      expect((await call('GET', path, { token: other.applicant.token })).status).toBe(404);
      expect((await call('GET', path)).status).toBe(401);
    }
  });

  it('applies a settlement paid after its quote’s day as an ordinary payment; the loan stays open', async () => {
    // Eight minutes before midnight in Malaysia.
    clock.set(`${malaysiaToday(clock)}T23:52:00+08:00`);
    const loan = await disbursedLoan();
    const quote = await quoteOf(loan.token, loan.agreement.id);
    const started = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: {
        agreementId: loan.agreement.id,
        channel: 'CARD',
        purpose: 'SETTLEMENT',
        amountSen: quote.settlementSen,
        quoteAsOf: quote.asOf,
      },
    });
    expect(started.status).toBe(201);
    // The borrower pays on the gateway's page after midnight: the quote has lapsed.
    clock.advance(10 * 60_000);
    expect(malaysiaToday(clock)).toBe(addDays(quote.asOf, 1));
    await paysOnHostedPage(started.body.paymentUrl);

    const order = await call('GET', GATEWAY_PAYMENT_PATHS.order(started.body.payment.orderId), {
      token: loan.token,
    });
    expect(order.body).toMatchObject({ status: 'PAID', settlementOutcome: 'QUOTE_EXPIRED' });
    expect(order.body.receiptNo).not.toBeNull();
    // The money is on the loan, never lost; the account is still being repaid.
    const payments = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.agreementId, loan.agreement.id));
    expect(payments).toEqual([expect.objectContaining({ amountSen: quote.settlementSen })]);
    expect((await accountOf(loan.agreement.id)).status).toBe('ACTIVE');
    const rebates = await db()
      .select()
      .from(t.settlementRebates)
      .where(eq(t.settlementRebates.paymentId, payments[0]!.id));
    expect(rebates).toEqual([]);
    const letters = await call('GET', REPAYMENT_PATHS.dischargeLetters(loan.agreement.id), {
      token: loan.token,
    });
    expect(letters.body.items).toEqual([]);
    clock.set(new Date());
  });

  it('issues the letter when the last instalment is paid, in the borrower’s language, and keeps every version', async () => {
    const loan = await disbursedLoan('MS');
    const viewer = {
      kind: 'applicant' as const,
      userId: loan.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    };
    const schedule = await app.app.repayments.schedule(viewer, loan.agreement.id);
    const paid = await app.app.repayments.applyPayment({
      agreementId: loan.agreement.id,
      amountSen: schedule.outstandingSen,
      channel: 'COUNTER',
      externalRef: `FINAL-${loan.agreement.id}`,
      paidAt: clock.now(),
      actor: 'staff:counter',
    });
    expect(paid.duplicate).toBe(false);
    expect((await accountOf(loan.agreement.id)).status).toBe('CLOSED');
    await app.app.settle();

    const first = await call('GET', REPAYMENT_PATHS.dischargeLetters(loan.agreement.id), {
      token: loan.token,
    });
    expect(first.body.items).toEqual([
      expect.objectContaining({ version: 1, language: 'MS', closedBy: 'FINAL_INSTALMENT' }),
    ]);
    const mail = await mailTo(loan.email);
    expect(
      mail.filter(
        (message) => message.subject === `Surat pelepasan pinjaman ${loan.agreement.agreementNo}`,
      ),
    ).toHaveLength(1);
    const v1 = first.body.items[0].id as string;
    const pdf = await app.app.inject({
      method: 'GET',
      url: REPAYMENT_PATHS.dischargeLetter(v1),
      headers: { authorization: `Bearer ${loan.token}` },
    });
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('SURAT PELEPASAN');
    expect(text).toContain(loan.agreement.agreementNo);
    expect(text).toContain('Semua ansuran telah dibayar');
    expect(text).toContain(paid.receiptNo);
    const v1Bytes = String(
      (await call('GET', REPAYMENT_PATHS.dischargeLetter(v1), { token: loan.token })).body,
    );

    // Reading again, or the daily job, issues nothing more.
    await call('GET', REPAYMENT_PATHS.dischargeLetters(loan.agreement.id), { token: loan.token });
    expect(await app.app.repayments.closedAgreementIds()).toContain(loan.agreement.id);
    const letterRows = () =>
      db()
        .select()
        .from(t.dischargeLetters)
        .where(eq(t.dischargeLetters.agreementId, loan.agreement.id))
        .orderBy(asc(t.dischargeLetters.version));
    expect(await letterRows()).toHaveLength(1);

    // Staff issue a new version; the first stays as it was, bytes and all.
    const admin = await staffMember(db(), call, ['ADMIN']);
    const path = REPAYMENT_PATHS.staffReissueDischargeLetter(loan.agreement.id);
    expect((await call('POST', path, { token: loan.token })).status).toBe(403);
    const reissued = await call('POST', path, { token: admin.token });
    expect(reissued.status).toBe(201);
    expect(reissued.body).toMatchObject({ version: 2, language: 'MS' });
    const rows = await letterRows();
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    expect(rows[0]!.storageKey).not.toBe(rows[1]!.storageKey);
    expect(
      String((await call('GET', REPAYMENT_PATHS.dischargeLetter(v1), { token: loan.token })).body),
    ).toBe(v1Bytes);
    const listed = await call('GET', REPAYMENT_PATHS.dischargeLetters(loan.agreement.id), {
      token: loan.token,
    });
    expect(listed.body.items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
    expect(
      await auditOf('discharge_letter.issued', `discharge-letter:${reissued.body.id}`),
    ).toEqual([expect.objectContaining({ actor: `staff:${admin.id}` })]);

    // An open loan has no letter to reissue.
    const open = await disbursedLoan();
    expect(
      (
        await call('POST', REPAYMENT_PATHS.staffReissueDischargeLetter(open.agreement.id), {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });
});

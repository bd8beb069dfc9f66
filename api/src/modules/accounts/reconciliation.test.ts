// A closed loan's books agree on every document, to the sen: principal lent + interest charged +
// late charges = paid + waived + written off (DOMAIN.md, Ledger), and each receipt's split says the
// same: principal received = principal lent, interest received = interest charged. Loans are
// closed every way: every instalment on its due date, settled early after paying ahead, settled
// with arrears, paid off after a late charge waiver, and paid off with money over whose credit is
// refunded (the refund pays back exactly what was received beyond the loan): paid less refunded
// is what the statement, the regulator's return and the discharge letter call paid.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ACCOUNT_PATHS, REGULATOR_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, formatRinggit } from '@lending/domain';
import { eq } from 'drizzle-orm';

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

// RM10,000 over 24 months at 12% flat: 23 instalments of RM516.67 and a last of RM516.59.
const PRINCIPAL = 1_000_000;
const INSTALMENT = 51_667;
const TOTAL = 1_240_000;

/** A PDF's text as a reader copies it, on one line per run of whitespace. */
function textOf(pdf: string | Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-'));
  const file = path.join(dir, 'statement.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databases())('a closed loan reconciles on every document (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  async function disbursedLoan() {
    clock.set(started);
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, {});
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    return {
      approved,
      agreementId: agreement.id,
      accountId: account!.id,
      disbursedOn: account!.disbursedOn,
      due: (n: number) => addMonths(firstDueDate, n - 1),
    };
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
      externalRef: `R${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
  async function settle(approved: ApprovedApplicant, agreementId: string) {
    const quote = await app.app.repayments.earlySettlementQuote(viewer(approved), agreementId);
    const settled = await app.app.repayments.settleEarly({
      agreementId,
      amountSen: quote.settlementSen,
      channel: 'FPX',
      externalRef: `S${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
    expect(settled.settled).toBe(true);
    return quote;
  }

  /** Every document's figures of the closed loan, checked against the identity. */
  async function expectReconciled(agreementId: string) {
    const { statement } = await app.app.accounts.statementOf(agreementId);
    const { totals } = statement;
    const interestChargedSen = statement.openingSen - PRINCIPAL - totals.rebatesSen;
    // The statement: nothing owed, and the identity on its own totals (money refunded was never
    // the loan's).
    expect(statement.closingBalanceSen).toBe(0);
    expect(totals.netPaidSen).toBe(totals.paymentsSen - totals.refundsSen);
    expect(PRINCIPAL + interestChargedSen + totals.lateChargesSen).toBe(
      totals.netPaidSen + totals.waiversSen,
    );

    // The receipts: each payment's split, added up, is principal lent and interest charged.
    // Read in process: the clock has moved on past any token's life.
    const history = await app.app.repayments.staffPaymentHistory(agreementId);
    const items = history.items as {
      amountSen: number;
      receiptNo: string;
      allocations: { kind: string; amountSen: number }[];
    }[];
    expect(items.every((item) => item.receiptNo !== null)).toBe(true);
    const lines = items.flatMap((item) => item.allocations);
    const received = (kind: string) =>
      lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amountSen, 0);
    expect({
      principal: received('PRINCIPAL'),
      interest: received('INTEREST'),
      lateCharges: received('LATE_CHARGE'),
      credit: received('CREDIT'),
      paid: items.reduce((sum, item) => sum + item.amountSen, 0),
    }).toEqual({
      principal: PRINCIPAL,
      interest: interestChargedSen,
      lateCharges: totals.lateChargesSen - totals.waiversSen,
      // Credit a payment left is what was refunded: none is kept on a closed loan.
      credit: totals.refundsSen,
      paid: totals.paymentsSen,
    });
    for (const item of items) {
      expect(item.allocations.reduce((sum, line) => sum + line.amountSen, 0)).toBe(item.amountSen);
    }

    // Lampiran A: the same movements, ending SETTLED at nothing owed.
    const ledger = await app.app.regulator.ledgerOf(agreementId);
    const credited = (entryKind: string) =>
      ledger.rows
        .filter((row) => row.kind === entryKind)
        .reduce((sum, row) => sum + row.creditSen, 0);
    expect({
      payments: credited('PAYMENT'),
      waivers: credited('WAIVER'),
      rebates: credited('REBATE'),
      refunds: ledger.rows
        .filter((row) => row.kind === 'REFUND')
        .reduce((sum, row) => sum + row.debitSen, 0),
      lateCharges: ledger.rows
        .filter((row) => row.kind === 'LATE_CHARGE')
        .reduce((sum, row) => sum + row.debitSen, 0),
    }).toEqual({
      payments: totals.paymentsSen,
      waivers: totals.waiversSen,
      rebates: totals.rebatesSen,
      refunds: totals.refundsSen,
      lateCharges: totals.lateChargesSen,
    });
    const payments = ledger.rows.filter((row) => row.kind === 'PAYMENT');
    expect(payments.at(-1)!.remark).toBe('SETTLED');
    expect(ledger.rows.at(-1)!.balanceSen).toBe(0);

    // The discharge letter: the principal lent, and everything paid towards the loan.
    const discharge = await app.app.repayments.closedAccount(agreementId);
    expect(discharge).toMatchObject({
      principalSen: PRINCIPAL,
      totalPaidSen: totals.netPaidSen,
    });
    return { statement, interestChargedSen };
  }

  it('pays every instalment on its due date', async () => {
    const loan = await disbursedLoan();
    for (let n = 1; n <= 24; n += 1) {
      on(loan.due(n));
      await pay(loan.agreementId, n < 24 ? INSTALMENT : TOTAL - 23 * INSTALMENT);
    }
    const { statement, interestChargedSen } = await expectReconciled(loan.agreementId);
    expect(interestChargedSen).toBe(TOTAL - PRINCIPAL);
    expect(statement.totals.rebatesSen).toBe(0);
  });

  it('settles early after paying the first instalment ahead: no principal forgiven', async () => {
    const loan = await disbursedLoan();
    // The first instalment paid on the day of payout, before any interest has accrued.
    on(loan.disbursedOn);
    await pay(loan.agreementId, INSTALMENT);
    on(addDays(loan.disbursedOn, 3));
    const quote = await settle(loan.approved, loan.agreementId);
    const { statement, interestChargedSen } = await expectReconciled(loan.agreementId);
    expect(interestChargedSen).toBe(quote.accruedInterestSen);
    expect(statement.totals.rebatesSen).toBe(quote.interestForgoneSen);
  });

  it('settles early with an instalment in arrears and its late charges', async () => {
    const loan = await disbursedLoan();
    on(addDays(loan.due(1), 10));
    await app.app.repayments.accrueLateCharges();
    const quote = await settle(loan.approved, loan.agreementId);
    expect(quote.lateChargesSen).toBeGreaterThan(0);
    const { statement } = await expectReconciled(loan.agreementId);
    expect(statement.totals.lateChargesSen).toBe(quote.lateChargesSen);
  });

  it('pays off after a late charge waiver approved by a second person', async () => {
    const loan = await disbursedLoan();
    on(addDays(loan.due(1), 10));
    await app.app.repayments.accrueLateCharges();
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    const proposed = await call('POST', ACCOUNT_PATHS.waiverCharges(loan.accountId), {
      token: officer.token,
      body: { amountSen: 100, reason: 'Hospitalised in the month' },
    });
    expect(proposed.status).toBe(200);
    const approvedWaiver = await call('POST', ACCOUNT_PATHS.approve(proposed.body.id), {
      token: approver.token,
      body: {},
    });
    expect(approvedWaiver.status).toBe(200);
    // Everything still owed, paid at once: every instalment, interest in full.
    const schedule = await app.app.repayments.schedule(viewer(loan.approved), loan.agreementId);
    await pay(loan.agreementId, schedule.outstandingSen);
    const { statement, interestChargedSen } = await expectReconciled(loan.agreementId);
    expect(statement.totals.waiversSen).toBe(100);
    expect(interestChargedSen).toBe(TOTAL - PRINCIPAL);
  });

  it('pays off with money over, and the credit refunded by a second finance member', async () => {
    const loan = await disbursedLoan();
    on(loan.due(3));
    const schedule = await app.app.repayments.schedule(viewer(loan.approved), loan.agreementId);
    const overpaid = 4_321;
    await pay(loan.agreementId, schedule.outstandingSen + overpaid);
    const finance = await staffMember(db(), call, ['FINANCE']);
    const checker = await staffMember(db(), call, ['FINANCE']);
    const proposed = await call('POST', ACCOUNT_PATHS.refunds(loan.accountId), {
      token: finance.token,
      body: { amountSen: overpaid, reason: 'Paid more than the settlement' },
    });
    expect(proposed.status).toBe(200);
    const refunded = await call('POST', ACCOUNT_PATHS.approveRefund(proposed.body.id), {
      token: checker.token,
      body: {},
    });
    expect(refunded.status).toBe(200);
    const { statement, interestChargedSen } = await expectReconciled(loan.agreementId);
    expect(statement.totals.refundsSen).toBe(overpaid);
    expect(statement.entries.at(-1)).toMatchObject({
      kind: 'REFUND',
      debitSen: overpaid,
      balanceSen: 0,
    });
    expect(interestChargedSen).toBe(TOTAL - PRINCIPAL);
    // Paid on the third due date: the two instalments before it ran late charges.
    const chargedSen = TOTAL + statement.totals.lateChargesSen;
    expect(statement.totals.netPaidSen).toBe(chargedSen);

    // The regulator's return reports the money kept, not the money received.
    const { agreementNo } = await app.app.accounts.statementOf(loan.agreementId);
    const reader = await staffMember(db(), call, ['ADMIN']);
    const exported = await call(
      'GET',
      `${REGULATOR_PATHS.idealExport}?from=${loan.disbursedOn}&to=${loan.due(3)}`,
      { token: reader.token },
    );
    expect(exported.status).toBe(200);
    const [header, ...rows] = (exported.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const row = rows.find((cells) => cells[1] === agreementNo)!;
    expect(Object.fromEntries(header!.map((column, i) => [column, row[i]]))).toMatchObject({
      'Jumlah Bayaran Balik (RM)': '12400.00',
      'Jumlah Dibayar (RM)': (chargedSen / 100).toFixed(2),
      'Baki Pinjaman (RM)': '0.00',
      'Tunggakan (RM)': '0.00',
      'Status Pinjaman': 'Selesai',
    });

    // The statement the borrower downloads lists the refund as money out, in either language.
    const words = {
      en: [
        "Credit refunded to the borrower's account",
        'Credit refunded to you',
        'Paid, less credit refunded',
      ],
      bm: [
        'Kredit dibayar balik ke akaun peminjam',
        'Kredit dibayar balik kepada anda',
        'Dibayar, ditolak kredit dibayar balik',
      ],
    };
    for (const language of ['en', 'bm'] as const) {
      const { bytes } = await app.app.accounts.myStatement(
        viewer(loan.approved),
        loan.agreementId,
        language,
      );
      const text = textOf(bytes);
      const [line, refundedLabel, netLabel] = words[language];
      expect(text).toContain(`${line} (RF-`);
      expect(text).toContain(`${refundedLabel} ${formatRinggit(overpaid)}`);
      expect(text).toContain(`${netLabel} ${formatRinggit(chargedSen)}`);
    }
  });
});

// Each money event posts its entry in the general ledger, both sides, in its own transaction.
import { ACCOUNT_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, type ApprovedLoanSummary, serviceTaxIncluded } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  agreementAt,
  type ApprovedApplicant,
  approvedApplicant,
  paidOut,
} from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { entriesOfLoan, loanBalances, unbalancedEntries } from '../../testing/ledger';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

// RM10,000 over 24 months at 12% flat (the test terms): instalments of RM516.67 (RM100.00
// interest, RM416.67 principal).
const INSTALMENT = 51_667;
const INTEREST = 10_000;
const PRINCIPAL = 41_667;

describe.each(databases('hand-written SQL'))(
  'the ledger entry of each money event (%s)',
  (kind) => {
    const started = new Date();
    const clock = fixedClock(started);
    let app: TestApp;
    let call: ReturnType<typeof caller>;
    let officer: StaffMember;
    let approver: StaffMember;
    beforeAll(async () => {
      app = await openTestApp(kind, { clock });
      call = caller(app.app);
      await app.app.jobs.runDue();
    });
    afterAll(() => app.close());
    const db = () => app.db.orm;
    const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
    let refs = 0;
    const pay = (
      agreementId: string,
      amountSen: number,
      channel: 'FPX' | 'JOMPAY' | 'DIRECT_DEBIT' = 'FPX',
    ) =>
      app.app.repayments.applyPayment({
        agreementId,
        amountSen,
        channel,
        externalRef: `L${process.pid}-${(refs += 1)}`,
        paidAt: clock.now(),
        actor: 'gateway:test',
      });
    const viewer = (approved: ApprovedApplicant) => ({
      kind: 'applicant' as const,
      userId: approved.applicant.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    });

    async function disbursedLoan() {
      clock.set(started);
      officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      approver = await staffMember(db(), call, ['APPROVER']);
      const approved = await approvedApplicant(db(), call);
      const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
      const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
      const [account] = await db()
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.agreementId, agreement.id));
      const [row] = await db().select().from(t.agreements).where(eq(t.agreements.id, agreement.id));
      return {
        approved,
        agreement,
        accountId: account!.id,
        offer: row!.offer as ApprovedLoanSummary,
        due: (n: number) => addMonths(firstDueDate, n - 1),
      };
    }
    const entries = (accountId: string) => entriesOfLoan(db(), accountId);
    const last = async (accountId: string) => (await entries(accountId)).at(-1)!;

    it('posts the payout: principal lent against the money sent, fee net of SST, SST and stamp duty', async () => {
      const { accountId, offer } = await disbursedLoan();
      const fee = serviceTaxIncluded(offer.attestationFeeSen);
      const [payout, ...rest] = await entries(accountId);
      expect(rest).toEqual([]);
      expect(payout).toMatchObject({
        event: 'PAYOUT',
        lines: {
          CASH_AT_BANK: -offer.netReceivedSen,
          FEE_INCOME: -fee.netSen,
          LOANS_RECEIVABLE: 1_000_000,
          SST_PAYABLE: -fee.taxSen,
          STAMP_DUTY_PAYABLE: -offer.stampDutySen,
        },
      });
      // RM10,000 pays RM50 stamp duty; the fee holds 8% SST on its net part.
      expect(offer.stampDutySen).toBe(5_000);
      expect(fee.taxSen).toBeGreaterThan(0);
      expect(fee.netSen + fee.taxSen).toBe(offer.attestationFeeSen);
      expect(await unbalancedEntries(db())).toEqual([]);
    });

    it('recognises interest as an instalment falls due, and late charges day by day', async () => {
      const { accountId, due } = await disbursedLoan();
      on(addDays(due(1), -1));
      await app.app.repayments.accrueLateCharges();
      // Nothing has fallen due: nothing to post.
      expect((await entries(accountId)).map((entry) => entry.event)).toEqual(['PAYOUT']);
      on(due(1));
      await app.app.repayments.accrueLateCharges();
      expect(await last(accountId)).toMatchObject({
        event: 'BOOKS_BROUGHT_UP',
        businessDate: due(1),
        lines: { INTEREST_INCOME: -INTEREST, INTEREST_RECEIVABLE: INTEREST },
      });
      on(addDays(due(1), 3));
      await app.app.repayments.accrueLateCharges();
      const late = await last(accountId);
      expect(late.event).toBe('BOOKS_BROUGHT_UP');
      expect(Object.keys(late.lines)).toEqual(['LATE_CHARGE_INCOME', 'LATE_CHARGES_RECEIVABLE']);
      expect(late.lines.LATE_CHARGES_RECEIVABLE).toBeGreaterThan(0);
      expect(late.lines.LATE_CHARGE_INCOME).toBe(-late.lines.LATE_CHARGES_RECEIVABLE!);
    });

    it('posts a payment as its allocation: late charges, interest, principal, paid ahead', async () => {
      const { accountId, due } = await disbursedLoan();
      on(addDays(due(1), 2));
      await app.app.repayments.accrueLateCharges();
      const charged = -(await loanBalances(db(), accountId)).LATE_CHARGE_INCOME!;
      expect(charged).toBeGreaterThan(0);
      const extra = 1_234;
      const paid = await pay((await agreementOf(accountId)).id, charged + INSTALMENT + extra);
      const receipt = await db().select().from(t.payments).where(eq(t.payments.id, paid.paymentId));
      expect(await last(accountId)).toMatchObject({
        event: 'PAYMENT',
        reference: `${receipt[0]!.receiptNo} FPX`,
        lines: {
          CASH_AT_BANK: charged + INSTALMENT + extra,
          // What is paid beyond the instalment goes to the next one's interest, ahead of its date.
          INTEREST_RECEIVABLE: -INTEREST - extra,
          LATE_CHARGES_RECEIVABLE: -charged,
          LOANS_RECEIVABLE: -PRINCIPAL,
        },
      });
      // Interest paid ahead waits on the receivable (a credit balance) until its instalment falls due.
      expect((await loanBalances(db(), accountId)).INTEREST_RECEIVABLE).toBe(-extra);
      on(due(2));
      await app.app.repayments.accrueLateCharges();
      expect(await last(accountId)).toMatchObject({
        event: 'BOOKS_BROUGHT_UP',
        lines: { INTEREST_INCOME: -INTEREST, INTEREST_RECEIVABLE: INTEREST },
      });
      expect((await loanBalances(db(), accountId)).INTEREST_RECEIVABLE).toBe(INTEREST - extra);
    });

    it('posts JomPAY and direct debit credits to the bank, naming the channel', async () => {
      const { agreement, accountId, due } = await disbursedLoan();
      on(due(1));
      await pay(agreement.id, INSTALMENT, 'JOMPAY');
      expect((await last(accountId)).reference).toMatch(/ JOMPAY$/);
      expect((await last(accountId)).lines.CASH_AT_BANK).toBe(INSTALMENT);
      on(due(2));
      await pay(agreement.id, INSTALMENT, 'DIRECT_DEBIT');
      expect(await last(accountId)).toMatchObject({
        event: 'PAYMENT',
        lines: {
          CASH_AT_BANK: INSTALMENT,
          INTEREST_RECEIVABLE: -INTEREST,
          LOANS_RECEIVABLE: -PRINCIPAL,
        },
      });
      expect((await last(accountId)).reference).toMatch(/ DIRECT_DEBIT$/);
    });

    it('posts early settlement: the interest of the month charged, the rest never recognised', async () => {
      const { approved, agreement, accountId, due } = await disbursedLoan();
      on(addDays(due(1), 10));
      const quote = await app.app.repayments.earlySettlementQuote(viewer(approved), agreement.id);
      const settled = await app.app.repayments.settleEarly({
        agreementId: agreement.id,
        amountSen: quote.settlementSen,
        channel: 'FPX',
        externalRef: `S${process.pid}-${(refs += 1)}`,
        paidAt: clock.now(),
        actor: 'gateway:test',
      });
      expect(settled.settled).toBe(true);
      const balances = await loanBalances(db(), accountId);
      // Nothing is left receivable on a settled loan, and the bank holds what was paid.
      expect(balances.LOANS_RECEIVABLE).toBe(0);
      expect(balances.INTEREST_RECEIVABLE).toBe(0);
      expect(balances.LATE_CHARGES_RECEIVABLE ?? 0).toBe(0);
      const payment = await last(accountId);
      expect(payment.event).toBe('PAYMENT');
      expect(payment.lines.CASH_AT_BANK).toBe(quote.settlementSen);
      // The interest earned is what the settlement charged: paid = principal + interest, the
      // statement's own figure, and more than the one instalment fallen due.
      const { statement } = await app.app.accounts.statementOf(agreement.id);
      expect(-balances.INTEREST_INCOME!).toBeGreaterThan(INTEREST);
      expect(statement.totals.lateChargesSen).toBe(-balances.LATE_CHARGE_INCOME!);
      expect(statement.totals.netPaidSen).toBe(
        1_000_000 - balances.INTEREST_INCOME! - balances.LATE_CHARGE_INCOME!,
      );
    });

    it('posts a waiver against late-charge income and a write-off to expense, four eyes each', async () => {
      const { agreement, accountId, due } = await disbursedLoan();
      on(addDays(due(1), 5));
      await app.app.repayments.accrueLateCharges();
      // Signed in again on the day: a session of the payout's day has expired.
      officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      approver = await staffMember(db(), call, ['APPROVER']);
      const proposed = await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
        token: officer.token,
        body: { amountSen: 10, reason: 'Hospitalised in the month' },
      });
      expect(proposed.status).toBe(200);
      const approved = await call('POST', ACCOUNT_PATHS.approve(proposed.body.id), {
        token: approver.token,
        body: {},
      });
      expect(approved.status).toBe(200);
      expect(await last(accountId)).toMatchObject({
        event: 'WAIVER',
        lines: { LATE_CHARGES_RECEIVABLE: -10, LATE_CHARGES_WAIVED: 10 },
      });
      const before = await loanBalances(db(), accountId);
      const writeOff = await call('POST', ACCOUNT_PATHS.writeOff(accountId), {
        token: officer.token,
        body: { reason: 'Borrower cannot be traced' },
      });
      expect(
        (
          await call('POST', ACCOUNT_PATHS.approve(writeOff.body.id), {
            token: approver.token,
            body: {},
          })
        ).status,
      ).toBe(200);
      expect(await last(accountId)).toMatchObject({
        event: 'WRITEOFF',
        lines: {
          INTEREST_RECEIVABLE: -before.INTEREST_RECEIVABLE!,
          LATE_CHARGES_RECEIVABLE: -before.LATE_CHARGES_RECEIVABLE!,
          LOANS_RECEIVABLE: -1_000_000,
          WRITE_OFF_EXPENSE:
            1_000_000 + before.INTEREST_RECEIVABLE! + before.LATE_CHARGES_RECEIVABLE!,
        },
      });
      // No interest falls due on a written-off loan; money paid on it is kept as credit.
      on(due(3));
      await app.app.repayments.accrueLateCharges();
      await pay(agreement.id, 5_000);
      expect(await last(accountId)).toMatchObject({
        event: 'PAYMENT',
        lines: { BORROWER_CREDIT: -5_000, CASH_AT_BANK: 5_000 },
      });
      expect(await unbalancedEntries(db())).toEqual([]);
    });

    it('posts a refund of credit out of the bank', async () => {
      const { approved, agreement, accountId } = await disbursedLoan();
      const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
      await pay(agreement.id, schedule.outstandingSen + 2_500);
      // Paid beyond the whole balance: the loan closes, all its interest earned, the rest kept.
      expect(await last(accountId)).toMatchObject({
        event: 'PAYMENT',
        lines: {
          BORROWER_CREDIT: -2_500,
          CASH_AT_BANK: schedule.outstandingSen + 2_500,
          INTEREST_INCOME: -240_000,
          LOANS_RECEIVABLE: -1_000_000,
        },
      });
      const finance = await staffMember(db(), call, ['FINANCE']);
      const second = await staffMember(db(), call, ['FINANCE']);
      const proposed = await call('POST', ACCOUNT_PATHS.refunds(accountId), {
        token: finance.token,
        body: { amountSen: 2_500, reason: 'Overpaid on the final payment' },
      });
      expect(proposed.status).toBe(200);
      const refundId = proposed.body.refunds?.[0]?.id ?? proposed.body.id;
      const decided = await call('POST', ACCOUNT_PATHS.approveRefund(refundId), {
        token: second.token,
        body: {},
      });
      expect(decided.status).toBe(200);
      expect(await last(accountId)).toMatchObject({
        event: 'REFUND',
        reference: `refund:${refundId}`,
        lines: { BORROWER_CREDIT: 2_500, CASH_AT_BANK: -2_500 },
      });
      expect((await loanBalances(db(), accountId)).BORROWER_CREDIT).toBe(0);
    });

    async function agreementOf(accountId: string) {
      const [row] = await db()
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.id, accountId));
      return { id: row!.agreementId };
    }
  },
);

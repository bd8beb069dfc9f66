// Random loan lives driven through the services money moves by (payout, close of business, payments
// on every channel, early settlement, a waiver, a write-off): every journal entry balances, and per
// loan the ledger agrees with the statement of account to the sen.
import { ACCOUNT_PATHS, type TenantId } from '@lending/contracts';
import { addDays, type ApprovedLoanSummary } from '@lending/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { loanBalances, unbalancedEntries } from '../../testing/ledger';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

type Step =
  | { kind: 'wait'; days: number }
  | { kind: 'pay'; amountSen: number; channel: 'FPX' | 'JOMPAY' | 'DIRECT_DEBIT' | 'COUNTER' }
  | { kind: 'settle' }
  | { kind: 'waive' }
  | { kind: 'writeOff' }
  | { kind: 'terminate' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      days: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      // From a sen to more than the whole loan: short, exact, ahead and beyond.
      amountSen: fc.oneof(
        fc.integer({ min: 1, max: 60_000 }),
        fc.constantFrom(51_667, 103_334),
        fc.integer({ min: 60_000, max: 1_400_000 }),
      ),
      channel: fc.constantFrom(
        'FPX' as const,
        'JOMPAY' as const,
        'DIRECT_DEBIT' as const,
        'COUNTER' as const,
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'waive' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'writeOff' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'terminate' as const }) },
);

describe.each(databases('hand-written SQL'))('the ledger over random loan lives (%s)', (kind) => {
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;
  let refs = 0;
  const today = () => clock.now().toISOString().slice(0, 10);

  /** One loan's life; time only moves forward, from one life to the next. */
  async function live(steps: readonly Step[]) {
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    const accountId = account!.id;
    const status = async () =>
      (await db().select().from(t.loanAccounts).where(eq(t.loanAccounts.id, accountId)))[0]!.status;
    const viewer = {
      kind: 'applicant' as const,
      userId: approved.applicant.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    };
    for (const next of steps) {
      if (next.kind === 'wait') {
        clock.set(`${addDays(today(), next.days)}T12:00:00+08:00`);
        await app.app.repayments.accrueLateCharges();
      } else if (next.kind === 'pay') {
        await app.app.repayments.applyPayment({
          agreementId: agreement.id,
          amountSen: next.amountSen,
          channel: next.channel,
          externalRef: `P${process.pid}-${(refs += 1)}`,
          paidAt: clock.now(),
          actor: 'gateway:test',
        });
      } else if (next.kind === 'settle') {
        if ((await status()) !== 'ACTIVE') continue;
        const quote = await app.app.repayments.earlySettlementQuote(viewer, agreement.id);
        if (quote.settlementSen <= 0) continue;
        await app.app.repayments.settleEarly({
          agreementId: agreement.id,
          amountSen: quote.settlementSen,
          channel: 'FPX',
          externalRef: `P${process.pid}-${(refs += 1)}`,
          paidAt: clock.now(),
          actor: 'gateway:test',
        });
      } else if (next.kind === 'terminate') {
        if ((await status()) !== 'ACTIVE') continue;
        // The notices collections sends first are not the ledger's concern: the proposal is put
        // straight on the books, and a second member terminates as collections does.
        const [proposal] = await db()
          .insert(t.accountTerminations)
          .values({
            tenant: 'arkcash',
            accountId,
            agreementId: agreement.id,
            status: 'PROPOSED',
            reason: 'No payment after the notice',
            proposedBy: `staff:${officer.id}`,
            proposedAt: clock.now(),
          })
          .returning();
        await db().transaction(async (tx) => {
          const { found } = await app.app.repayments.lockedBooks(tx, agreement.id);
          const done = await app.app.repayments.terminate(tx, found, {
            actorId: approver.id,
            proposerId: officer.id,
            reason: 'No payment after the notice',
            terminationId: proposal!.id,
          });
          expect(done).not.toBeNull();
        });
      } else {
        if ((await status()) !== 'ACTIVE') continue;
        const proposer = await staffMember(db(), call, ['CREDIT_OFFICER']);
        const checker = await staffMember(db(), call, ['APPROVER']);
        const proposal =
          next.kind === 'waive'
            ? await call('POST', ACCOUNT_PATHS.waiverCharges(accountId), {
                token: proposer.token,
                body: { amountSen: 1, reason: 'Hospitalised in the month' },
              })
            : await call('POST', ACCOUNT_PATHS.writeOff(accountId), {
                token: proposer.token,
                body: { reason: 'Borrower cannot be traced' },
              });
        // A waiver with no late charges to waive is refused; nothing moves then.
        if (proposal.status !== 200) continue;
        const decided = await call('POST', ACCOUNT_PATHS.approve(proposal.body.id), {
          token: checker.token,
          body: {},
        });
        expect(decided.status).toBe(200);
      }
    }
    return { agreementId: agreement.id, accountId };
  }

  it('balances every entry and agrees with each loan statement to the sen', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
        const { agreementId, accountId } = await live(steps);
        expect(await unbalancedEntries(db())).toEqual([]);

        const { statement } = await app.app.accounts.statementOf(agreementId);
        const [row] = await db()
          .select()
          .from(t.agreements)
          .where(eq(t.agreements.id, agreementId));
        const offer = row!.offer as ApprovedLoanSummary;
        const [loan] = await db()
          .select()
          .from(t.loanAccounts)
          .where(eq(t.loanAccounts.id, accountId));
        const ledger = await loanBalances(db(), accountId);
        const at = (key: string) => (ledger[key] ?? 0) + 0;
        const interestCharged = 0 - at('INTEREST_INCOME');
        // Nothing of a loan is ever left unexplained.
        expect(at('SUSPENSE')).toBe(0);
        // Money: the bank paid out the net amount and holds what the borrower paid, less refunds.
        expect(at('CASH_AT_BANK') + offer.netReceivedSen).toBe(statement.totals.netPaidSen);
        expect(0 - at('LATE_CHARGE_INCOME')).toBe(statement.totals.lateChargesSen);
        expect(at('LATE_CHARGES_WAIVED')).toBe(statement.totals.waiversSen);
        // What the borrower owes on the statement is the receivables, less credit kept, plus what
        // was written off, plus the interest not yet fallen due (nor rebated).
        expect(
          at('LOANS_RECEIVABLE') +
            at('INTEREST_RECEIVABLE') +
            at('LATE_CHARGES_RECEIVABLE') +
            at('BORROWER_CREDIT') +
            at('WRITE_OFF_EXPENSE') +
            (loan!.totalInterestSen - statement.totals.rebatesSen - interestCharged),
        ).toBe(statement.closingBalanceSen);
        // Principal lent + interest charged + late charges = paid + waived + written off +
        // still receivable (DOMAIN.md, Ledger), to the sen.
        expect(loan!.principalSen + interestCharged - at('LATE_CHARGE_INCOME')).toBe(
          statement.totals.netPaidSen +
            at('BORROWER_CREDIT') +
            statement.totals.waiversSen +
            at('WRITE_OFF_EXPENSE') +
            at('LOANS_RECEIVABLE') +
            at('INTEREST_RECEIVABLE') +
            at('LATE_CHARGES_RECEIVABLE'),
        );
        if (loan!.status === 'CLOSED') {
          expect([
            at('LOANS_RECEIVABLE'),
            at('INTEREST_RECEIVABLE'),
            at('LATE_CHARGES_RECEIVABLE'),
          ]).toEqual([0, 0, 0]);
        }
      }),
      {
        numRuns: 8,
        // Lives every run goes through besides the random ones: termination then payment in
        // full, a waiver then early settlement, a write-off then money after it.
        examples: [
          [
            [
              { kind: 'wait', days: 35 },
              { kind: 'wait', days: 35 },
              { kind: 'terminate' },
              { kind: 'pay', amountSen: 200_000, channel: 'JOMPAY' },
              { kind: 'wait', days: 10 },
              { kind: 'pay', amountSen: 1_400_000, channel: 'COUNTER' },
            ],
          ],
          [
            [
              { kind: 'wait', days: 40 },
              { kind: 'waive' },
              { kind: 'pay', amountSen: 51_667, channel: 'DIRECT_DEBIT' },
              { kind: 'settle' },
            ],
          ],
          [
            [
              { kind: 'wait', days: 40 },
              { kind: 'wait', days: 30 },
              { kind: 'writeOff' },
              { kind: 'pay', amountSen: 5_000, channel: 'FPX' },
            ],
          ],
        ],
      },
    );
    // The lives above reached every way a loan ends.
    const reached = await db()
      .selectDistinct({ status: t.loanAccountStatusHistory.toStatus })
      .from(t.loanAccountStatusHistory);
    expect(reached.map((row) => row.status).sort()).toEqual(
      expect.arrayContaining(['CLOSED', 'TERMINATED', 'WRITEOFF']),
    );
  });
});

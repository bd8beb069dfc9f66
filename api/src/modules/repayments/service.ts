// Repayments: the loan account after payout. Payments are applied in one transaction (late charges
// brought up to date first, then allocated late charges, interest, principal, oldest instalment
// first, the rest kept as credit), each with a gap-free receipt number given inside that
// transaction; the account's position on a business date is read from the stored schedule, the
// allocations and the late charge accruals, brought up to that date the same way a payment would.
import { createHash, randomUUID } from 'node:crypto';

import type {
  AmountDueNow,
  EarlySettlementQuote,
  Language,
  PaymentChannel,
  PaymentHistoryItem,
  PaymentHistoryResponse,
  RepaymentAccountsResponse,
  RepaymentScheduleResponse,
  StaffPaymentHistoryResponse,
} from '@lending/contracts';
import { PAYMENT_CHANNELS } from '@lending/contracts';
import {
  acceleratedSchedule,
  ACCOUNT_STATUS_MACHINE,
  type AccountLedger,
  addDays,
  allocate,
  type AllocationLine,
  amountDue,
  canonicalScheduleText,
  catchUp,
  earlySettlement,
  type InstalmentPosition,
  instalmentPositions,
  isIsoDate,
  type IsoDate,
  loanBookFigures,
  malaysiaInstant,
  settlementBooking,
  type TerminationBalance,
  terminationBalance,
  transition,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { forEachAtOnce } from '../../kernel/at-once';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { RecordEvent } from '../../kernel/events';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import type { LedgerPosting } from '../finance/service';
import type { UserAccounts } from '../users/service';
import {
  ACCOUNT_NOT_FOUND,
  INVALID_PAYMENT,
  PAYMENT_REF_TAKEN,
  RECEIPT_NOT_FOUND,
  receiptEmail,
} from './messages';
import { receiptPdf } from './receipt';
import type { AccountWithAgreement, RepaymentStore } from './store';

export type Tx = OrmTransaction;

export interface ApplyPaymentInput {
  agreementId: string;
  amountSen: number;
  channel: PaymentChannel;
  /** The channel's transaction id: unique per channel; the same one again is the same payment. */
  externalRef: string;
  paidAt: Date;
  /** `user:<id>`, `staff:<id>` or `gateway:<name>`. */
  actor: string;
  /**
   * The business date the channel received the money, when it says so a day later (a direct
   * debit collected on the due date is answered by the bank the next day): the payment is
   * applied as of that day, so no late charge runs for the day the answer took. Ignored (today
   * is used) when it is in the future or the account already has a later day on its books.
   */
  valueDate?: IsoDate;
}

export interface ApplyPaymentResult {
  paymentId: string;
  receiptNo: string;
  /** True when this (channel, externalRef) was applied before: the first result is returned. */
  duplicate: boolean;
}

/** What other modules (the payment gateway, JomPAY, direct debit) call to book money received. */
export interface RepaymentService {
  applyPayment(input: ApplyPaymentInput, tx?: Tx): Promise<ApplyPaymentResult>;
  amountDueNow(agreementId: string): Promise<AmountDueNow>;
  /**
   * Money paid to settle the loan early: when it (with any credit) covers today's settlement
   * amount (`earlySettlementQuote`), the interest not accrued is not charged, everything is paid
   * and the account closes (`settled`); less than that is applied as an ordinary payment.
   */
  settleEarly(
    input: ApplyPaymentInput,
    tx?: Tx,
  ): Promise<ApplyPaymentResult & { settled: boolean }>;
}

export interface RepaymentServiceDeps {
  db: Orm;
  store: RepaymentStore;
  users: Pick<UserAccounts, 'byId'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
  /** Attempts that booked no payment (a failed or pending card or online banking payment), as
   *  the channel that knows them lists them for an agreement; merged into the history. */
  attemptsOf?: (agreementId: string) => Promise<PaymentHistoryItem[]>;
  /** Records `payment.booked` and `loan.closed` in the transaction that books or closes: their
   *  handlers make the receipt and the discharge letter once it committed. */
  recordEvent: RecordEvent;
  /** Loans the daily late-charge run brings up to date side by side (`loansAtOnceFor`). */
  loansAtOnce?: number;
  /** The general ledger: each change to an account's books posts there in its transaction. */
  ledger?: LedgerPosting;
}

/** A money event of an account, as the general ledger names it. */
export interface BooksEvent {
  event: 'PAYMENT' | 'BOOKS_BROUGHT_UP' | 'WAIVER' | 'WRITEOFF' | 'TERMINATION' | 'REFUND';
  reference: string;
  actor: string;
  /** Money into the bank with the event, or out of it (negative). */
  cashSen: number;
  /** The day the event belongs to when before the business date (a payment's value date): an
   *  event of a month already closed posts into the open one, naming its own. */
  valueDate?: IsoDate;
}

type Applicant = Extract<Principal, { kind: 'applicant' }>;

const ACTOR_PATTERN = /^(user|staff|gateway|system):[A-Za-z0-9._-]{1,100}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reasons an account's closing records, read back to say how the loan ended. */
export const CLOSED_SETTLED_EARLY = 'Settled early';
export const CLOSED_PAID_IN_FULL = 'Paid in full';

/** Receipt numbers: a prefix and the tenant's counter, zero-padded so they sort as they count. */
export function receiptNumber(counter: number): string {
  return `OR${String(counter).padStart(8, '0')}`;
}

/** The last instant of a Malaysian business day. */
function endOfMalaysianDay(date: IsoDate): Date {
  return new Date(malaysiaInstant(addDays(date, 1)).getTime() - 1);
}

export function createRepaymentService(deps: RepaymentServiceDeps) {
  const { db, store, clock } = deps;
  const notFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  async function ledgerOf(found: AccountWithAgreement, executor: Orm | Tx = db) {
    const schedule = await store.schedule(found.account.id, executor);
    if (!schedule) throw new Error(`account ${found.account.id} has no repayment schedule`);
    const ledger: AccountLedger = {
      instalments: schedule.instalments,
      allocations: await store.allocations(found.account.id, executor),
      accruals: await store.accruals(found.account.id, executor),
      creditSen: await store.credit(found.account.id, executor),
      rebates: await store.rebates(found.account.id, executor),
      waivers: await store.waivers(found.account.id, executor),
      lateChargeAnnualRateBp: found.lateChargeRateBp,
    };
    return { scheduleVersion: schedule.version, ledger };
  }

  /**
   * Posts the change in the account's books since its last posting to the general ledger, in the
   * event's transaction, as of the business date (the day the books stand at).
   */
  async function postBooks(
    tx: Tx,
    agreementId: string,
    event: BooksEvent,
    // The account and its books as just written, when the caller holds them (close of business
    // reads each account once).
    known?: { found: AccountWithAgreement; ledger: AccountLedger },
  ): Promise<void> {
    if (!deps.ledger) return;
    const found = known?.found ?? (await store.account(agreementId, tx));
    if (!found) return;
    const ledger = known?.ledger ?? (await ledgerOf(found, tx)).ledger;
    const asOf = malaysiaToday(clock);
    const { account } = found;
    const writtenOff =
      account.status === 'WRITEOFF' ? await store.statusEntry(account.id, 'WRITEOFF', tx) : null;
    const { valueDate, ...rest } = event;
    await deps.ledger.loanBooks(tx, {
      ...rest,
      tenant: account.tenant,
      loanAccountId: account.id,
      businessDate: valueDate && valueDate < asOf ? valueDate : asOf,
      figures: loanBookFigures({
        ledger,
        asOf,
        principalSen: account.principalSen,
        closed: account.status === 'CLOSED',
        writtenOffOn: writtenOff?.businessDate ?? null,
      }),
    });
  }

  /** The account on `asOf` as the books will say once brought up to that day (nothing written). */
  async function position(found: AccountWithAgreement, asOf: IsoDate) {
    const { scheduleVersion, ledger } = await ledgerOf(found);
    const current =
      found.account.status === 'ACTIVE' ? catchUp(ledger, asOf).ledger : { ...ledger };
    const positions = instalmentPositions(current, asOf);
    return { scheduleVersion, ledger: current, positions };
  }

  function totals(positions: readonly InstalmentPosition[], creditSen: number) {
    const paidSen = positions.reduce((sum, p) => sum + p.paidSen, 0);
    const unpaidSen = positions.reduce((sum, p) => sum + p.unpaidSen, 0);
    const lateChargesSen = positions.reduce((sum, p) => sum + p.lateChargesSen, 0);
    const lateChargesPaidSen = positions.reduce((sum, p) => sum + p.lateChargesPaidSen, 0);
    // Waived late charges are owed no more: charged, less paid, less waived.
    const lateChargesOutstandingSen = positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0);
    return {
      paidSen,
      interestRebatedSen: positions.reduce((sum, p) => sum + p.rebatedSen, 0),
      unpaidInstalmentsSen: unpaidSen,
      lateChargesSen,
      lateChargesPaidSen,
      lateChargesOutstandingSen,
      creditSen,
      outstandingSen: Math.max(0, unpaidSen + lateChargesOutstandingSen - creditSen),
    };
  }

  async function owned(viewer: Applicant, agreementId: string): Promise<AccountWithAgreement> {
    const found = await store.account(agreementId).catch(() => undefined);
    if (!found || found.account.userId !== viewer.userId) throw notFound();
    return found;
  }

  async function accountOf(agreementId: string): Promise<AccountWithAgreement> {
    const found = await store.account(agreementId).catch(() => undefined);
    if (!found) throw notFound();
    return found;
  }

  async function amountDueOf(found: AccountWithAgreement): Promise<AmountDueNow> {
    const asOf = malaysiaToday(clock);
    const { ledger, positions } = await position(found, asOf);
    const due = amountDue(positions, ledger.creditSen, asOf);
    if (found.account.status !== 'TERMINATED') return { ...due, asOf };
    // Terminated: the whole balance fell due on the termination date, so all of it is due now.
    const whole = totals(positions, ledger.creditSen);
    return {
      dueNowSen: whole.outstandingSen,
      overdueSen: whole.unpaidInstalmentsSen,
      lateChargesSen: whole.lateChargesOutstandingSen,
      currentInstalmentSen: 0,
      asOf,
    };
  }

  /**
   * Writes what bringing the account up to `asOf` adds: late charge days, and credit used on what
   * fell due (spent from the oldest payment's credit first, so each payment's rows add up to it).
   */
  async function bringUpToDate(
    tx: Tx,
    found: AccountWithAgreement,
    asOf: IsoDate,
  ): Promise<{ ledger: AccountLedger; charged: number; chargedSen: number }> {
    const { ledger } = await ledgerOf(found, tx);
    if (found.account.status !== 'ACTIVE') return { ledger, charged: 0, chargedSen: 0 };
    const up = catchUp(ledger, asOf);
    const charged = await store.addAccruals(tx, found.account.id, up.accruals);
    if (up.creditUsed.length > 0) {
      await store.addAllocations(tx, await creditRows(tx, found.account.id, up.creditUsed));
      await store.setCredit(tx, found.account.id, up.creditSen);
    }
    // Interest falling due, late charges and credit used post as the day's own entry, apart
    // from any payment the same transaction books after it.
    await postBooks(
      tx,
      found.account.agreementId,
      {
        event: 'BOOKS_BROUGHT_UP',
        reference: `business-day:${asOf}`,
        actor: 'system:close-of-business',
        cashSen: 0,
      },
      { found, ledger: up.ledger },
    );
    return {
      ledger: up.ledger,
      charged,
      chargedSen: up.accruals.reduce((sum, accrual) => sum + accrual.amountSen, 0),
    };
  }

  /** Allocation rows for credit spent: each line charged to the oldest payment's credit first,
   *  with a negative CREDIT row, so each payment's rows still add up to the payment. */
  async function creditRows(tx: Tx, accountId: string, lines: readonly AllocationLine[]) {
    if (lines.length === 0) return [];
    const sources = await store.creditSources(tx, accountId);
    const rows: Parameters<RepaymentStore['addAllocations']>[1] = [];
    for (const line of lines) {
      let left = line.amountSen;
      for (const source of sources) {
        if (left === 0) break;
        const take = Math.min(left, source.creditSen);
        if (take === 0) continue;
        source.creditSen -= take;
        left -= take;
        rows.push(
          { ...allocationRow(source.paymentId, accountId, line), amountSen: take },
          {
            paymentId: source.paymentId,
            accountId,
            instalmentNo: null,
            kind: 'CREDIT',
            amountSen: -take,
            fromCredit: true,
            businessDate: line.businessDate,
          },
        );
      }
      if (left !== 0) throw new Error('credit used beyond the credit kept');
    }
    return rows;
  }

  /** The first `amountSen` of the lines, and the rest (a line split where the amount ends). */
  function splitAt(lines: readonly AllocationLine[], amountSen: number) {
    const fromCredit: AllocationLine[] = [];
    const fromPayment: AllocationLine[] = [];
    let left = Math.max(0, amountSen);
    for (const line of lines) {
      const head = Math.min(left, line.amountSen);
      left -= head;
      if (head > 0) fromCredit.push({ ...line, amountSen: head });
      if (line.amountSen - head > 0)
        fromPayment.push({ ...line, amountSen: line.amountSen - head });
    }
    return { fromCredit, fromPayment };
  }

  function allocationRow(paymentId: string, accountId: string, line: AllocationLine) {
    return {
      paymentId,
      accountId,
      instalmentNo: line.instalmentNo,
      kind: line.kind,
      amountSen: line.amountSen,
      fromCredit: true,
      businessDate: line.businessDate,
    };
  }

  /** ACTIVE (or TERMINATED) to CLOSED through the account status machine, with its history
   *  and audit rows. */
  async function closeIfPaid(
    tx: Tx,
    found: AccountWithAgreement,
    ledger: AccountLedger,
    asOf: IsoDate,
    cause: { actor: string; paymentId?: string; adjustmentId?: string; reason: string },
  ): Promise<boolean> {
    const from = found.account.status;
    if (from !== 'ACTIVE' && from !== 'TERMINATED') return false;
    const positions = instalmentPositions(ledger, asOf);
    if (positions.some((p) => p.unpaidSen > 0 || p.lateChargesUnpaidSen > 0)) return false;
    const allowed = transition(ACCOUNT_STATUS_MACHINE, from, 'CLOSED', { actor: 'system' });
    if (!allowed.ok) throw new Error(`account cannot close: ${allowed.reason}`);
    const at = clock.now();
    const { reason } = cause;
    if (!(await store.changeStatus(tx, found.account, 'CLOSED', cause.actor, at, reason, asOf))) {
      return false;
    }
    const closing = cause.paymentId ?? cause.adjustmentId ?? at.toISOString();
    await deps.recordEvent(tx, {
      type: 'loan.closed',
      key: `loan.closed:${found.account.id}:${closing}`,
      payload: { agreementId: found.account.agreementId, accountId: found.account.id },
    });
    await writeAudit(tx, {
      action: 'account.closed',
      actor: cause.actor,
      subject: `user:${found.account.userId}`,
      entity: `loan-account:${found.account.id}`,
      from,
      to: 'CLOSED',
      reason,
      at,
      detail: {
        agreementId: found.account.agreementId,
        ...(cause.paymentId ? { paymentId: cause.paymentId } : {}),
        ...(cause.adjustmentId ? { adjustmentId: cause.adjustmentId } : {}),
      },
    });
    return true;
  }

  function checkInput(input: ApplyPaymentInput): void {
    const valid =
      UUID_PATTERN.test(input.agreementId) &&
      Number.isSafeInteger(input.amountSen) &&
      input.amountSen > 0 &&
      (PAYMENT_CHANNELS as readonly string[]).includes(input.channel) &&
      typeof input.externalRef === 'string' &&
      input.externalRef.trim().length > 0 &&
      input.externalRef.length <= 100 &&
      input.paidAt instanceof Date &&
      (input.valueDate === undefined || isIsoDate(input.valueDate)) &&
      !Number.isNaN(input.paidAt.getTime()) &&
      ACTOR_PATTERN.test(input.actor);
    if (!valid) throw new HttpError(400, INVALID_PAYMENT, 'VALIDATION_FAILED');
  }

  async function applyIn(
    tx: Tx,
    input: ApplyPaymentInput,
    settle: boolean,
  ): Promise<ApplyPaymentResult & { settled: boolean; closed?: boolean }> {
    const found = await store.lockAccount(tx, input.agreementId).catch(() => undefined);
    if (!found) throw notFound();
    // Checked under the account's lock: the same reference again waits for the first to commit
    // and then finds it.
    const earlier = await store.paymentByRef(tx, input.channel, input.externalRef);
    if (earlier) {
      if (earlier.agreementId !== input.agreementId || earlier.amountSen !== input.amountSen) {
        throw new HttpError(409, PAYMENT_REF_TAKEN, 'PAYMENT_REF_TAKEN');
      }
      return {
        paymentId: earlier.id,
        receiptNo: earlier.receiptNo,
        duplicate: true,
        settled: settle && found.account.status === 'CLOSED',
      };
    }
    const asOf = await valueDateOf(tx, found, input.valueDate);
    let { ledger } = await bringUpToDate(tx, found, asOf);
    const active = found.account.status === 'ACTIVE';
    // A terminated account's whole balance is due: money paid on it goes to that balance.
    const payable = active || found.account.status === 'TERMINATED';
    const paymentId = randomUUID();

    // Early settlement: when the money and the credit cover today's settlement amount, the
    // interest not yet accrued is rebated and everything left is paid; otherwise the money is
    // applied as any payment.
    let rebates: { instalmentNo: number; amountSen: number }[] = [];
    let reclassified: ReturnType<typeof settlementBooking>['reclassified'] = [];
    let settlement: ReturnType<typeof earlySettlement> | null = null;
    if (settle && active) {
      const figures = settlementOf(found, instalmentPositions(ledger, asOf), asOf);
      if (input.amountSen + ledger.creditSen >= figures.settlementSen) {
        settlement = figures;
        ({ rebates, reclassified } = settlementBooking(
          instalmentPositions(ledger, asOf),
          figures.interestForgoneSen,
        ));
        ledger = {
          ...ledger,
          rebates: [...(ledger.rebates ?? []), ...rebates],
          allocations: [
            ...ledger.allocations,
            ...reclassified.map((line) => ({ ...line, businessDate: asOf })),
          ],
        };
      }
    }
    const positions = instalmentPositions(ledger, asOf);
    // Credit kept is spent first on a settlement (the quote counts it); a payment adds to it.
    const creditSpent = settlement ? ledger.creditSen : 0;
    const allocation = payable
      ? allocate(positions, input.amountSen + creditSpent, asOf, true)
      : // Money for an account no longer being repaid is never lost: it is kept as credit.
        { lines: [], leftSen: input.amountSen };
    const lines = allocation.lines.map((line) => ({ ...line, businessDate: asOf }));
    const allocatedSen = lines.reduce((sum, line) => sum + line.amountSen, 0);
    const { fromCredit, fromPayment } = splitAt(lines, Math.min(creditSpent, allocatedSen));
    const spent = fromCredit.reduce((sum, line) => sum + line.amountSen, 0);
    const paymentLeft = input.amountSen - fromPayment.reduce((sum, l) => sum + l.amountSen, 0);

    const creditSen = ledger.creditSen - spent + paymentLeft;
    const settledLedger = {
      ...ledger,
      allocations: [...ledger.allocations, ...lines],
      creditSen,
    };
    const outstandingAfterSen = totals(
      instalmentPositions(settledLedger, asOf),
      creditSen,
    ).outstandingSen;
    const receiptNo = receiptNumber(await store.nextReceiptNo(tx, found.account.tenant));
    const payment = await store.insertPayment(tx, {
      id: paymentId,
      tenant: found.account.tenant,
      accountId: found.account.id,
      agreementId: input.agreementId,
      channel: input.channel,
      externalRef: input.externalRef,
      amountSen: input.amountSen,
      paidAt: input.paidAt,
      businessDate: asOf,
      receiptNo,
      outstandingAfterSen,
      creditAfterSen: creditSen,
      actor: input.actor,
    });
    if (!payment) throw new HttpError(409, PAYMENT_REF_TAKEN, 'PAYMENT_REF_TAKEN');
    await store.addAllocations(tx, [
      // Interest paid ahead, moved onto principal by the settling payment (adds up to zero).
      ...reclassified.map((line) => ({
        ...allocationRow(paymentId, found.account.id, { ...line, businessDate: asOf }),
        fromCredit: false,
      })),
      ...(await creditRows(tx, found.account.id, fromCredit)),
      ...fromPayment.map((line) => ({
        ...allocationRow(paymentId, found.account.id, line),
        fromCredit: false,
      })),
      ...(paymentLeft > 0
        ? [
            {
              paymentId,
              accountId: found.account.id,
              instalmentNo: null,
              kind: 'CREDIT' as const,
              amountSen: paymentLeft,
              fromCredit: false,
              businessDate: asOf,
            },
          ]
        : []),
    ]);
    await store.addRebates(
      tx,
      rebates.map((rebate) => ({
        ...rebate,
        paymentId,
        accountId: found.account.id,
        businessDate: asOf,
      })),
    );
    if (creditSen !== ledger.creditSen) await store.setCredit(tx, found.account.id, creditSen);
    await writeAudit(tx, {
      action: 'payment.applied',
      actor: input.actor,
      subject: `user:${found.account.userId}`,
      entity: `payment:${paymentId}`,
      detail: {
        agreementId: input.agreementId,
        channel: input.channel,
        externalRef: input.externalRef,
        amountSen: input.amountSen,
        receiptNo,
        businessDate: asOf,
        creditSen: paymentLeft,
        ...(settlement
          ? {
              settlementSen: settlement.settlementSen,
              interestForgoneSen: settlement.interestForgoneSen,
            }
          : {}),
      },
    });
    await deps.recordEvent(tx, {
      type: 'payment.booked',
      key: `payment.booked:${paymentId}`,
      payload: { paymentId, agreementId: input.agreementId },
    });
    const closed = await closeIfPaid(tx, found, settledLedger, asOf, {
      actor: input.actor,
      paymentId,
      reason: settlement ? CLOSED_SETTLED_EARLY : CLOSED_PAID_IN_FULL,
    });
    await postBooks(tx, input.agreementId, {
      event: 'PAYMENT',
      reference: `${receiptNo} ${input.channel}`,
      actor: input.actor,
      cashSen: input.amountSen,
      valueDate: asOf,
    });
    return {
      paymentId,
      receiptNo,
      duplicate: false,
      settled: settlement !== null && closed,
      closed,
    };
  }

  /** The day a payment is applied as of: its value date when nothing later is on the books. */
  async function valueDateOf(tx: Tx, found: AccountWithAgreement, valueDate?: IsoDate) {
    const today = malaysiaToday(clock);
    if (!valueDate || valueDate >= today) return today;
    const { ledger } = await ledgerOf(found, tx);
    const later =
      ledger.accruals.some((accrual) => accrual.day > valueDate) ||
      ledger.allocations.some((line) => line.businessDate > valueDate);
    return later ? today : valueDate;
  }

  /** Today's settlement figures of the domain engine for these positions. */
  function settlementOf(
    found: AccountWithAgreement,
    positions: readonly InstalmentPosition[],
    asOf: IsoDate,
  ) {
    const { account } = found;
    return earlySettlement({
      principalSen: account.principalSen,
      totalInterestSen: account.totalInterestSen,
      tenureMonths: positions.length,
      disbursementDate: account.disbursedOn,
      firstDueDate: account.firstDueDate,
      settlementDate: asOf,
      paidSen: positions.reduce((sum, p) => sum + p.paidSen, 0),
      lateChargesOutstandingSen: positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0),
    });
  }

  /**
   * Builds, stores and emails the payment's receipt, each once: a receipt made before is kept,
   * and its email goes only if none went. Outside the payment's transaction (the `payment.booked`
   * handler): a PDF that fails to build never undoes a payment, and a failed email throws so the
   * handler is tried again.
   */
  async function ensureReceipt(paymentId: string): Promise<string | null> {
    const payment = await store.payment(paymentId);
    if (!payment) return null;
    const found = await store.account(payment.agreementId);
    if (!found) return null;
    const user = await deps.users.byId(found.account.userId);
    const receipt =
      (await store.receiptOfPayment(paymentId)) ?? (await buildReceipt(payment, found, user));
    if (!receipt) return null;
    if (user?.email && !receipt.emailedAt) {
      const claimedAt = clock.now();
      if (await store.claimReceiptEmail(receipt.id, claimedAt)) {
        try {
          await deps.email.send(
            receiptEmail({
              to: user.email,
              firstName: user.firstName,
              language: receipt.language,
              facts: {
                receiptNo: payment.receiptNo,
                agreementNo: found.agreementNo,
                amountSen: payment.amountSen,
                paidOn: payment.businessDate,
              },
              historyUrl: `${deps.publicUrl()}/payment-history`,
            }),
          );
        } catch (error) {
          await store.releaseReceiptEmail(receipt.id, claimedAt);
          throw error;
        }
      }
    }
    return receipt.id;
  }

  async function buildReceipt(
    payment: NonNullable<Awaited<ReturnType<RepaymentStore['payment']>>>,
    found: AccountWithAgreement,
    user: Awaited<ReturnType<RepaymentServiceDeps['users']['byId']>>,
  ) {
    const paymentId = payment.id;
    const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
    const allocations = (await store.allocationsOfPayment(paymentId)).filter(
      (row) => !row.fromCredit,
    );
    const lender = LENDERS[found.account.tenant as keyof typeof LENDERS] ?? LENDERS.arkcash;
    const bytes = await receiptPdf(
      {
        receiptNo: payment.receiptNo,
        agreementNo: found.agreementNo,
        borrowerName: await store.borrowerNameOf(found.account.agreementId),
        channel: payment.channel,
        externalRef: payment.externalRef,
        amountSen: payment.amountSen,
        paidAt: payment.paidAt,
        // The day the payment is on the books for, not the wall clock's (a sandbox moved ahead).
        paidOn: payment.businessDate,
        allocations: allocations.map((row) => ({
          instalmentNo: row.instalmentNo,
          kind: row.kind,
          amountSen: row.amountSen,
        })),
        outstandingSen: payment.outstandingAfterSen,
        creditSen: payment.creditAfterSen,
      },
      language,
      lender,
    );
    const id = randomUUID();
    const storageKey = `${found.account.agreementId}/${id}`;
    await deps.storage.put(storageKey, deps.sealer.sealBytes(bytes));
    const row = await store.insertReceipt({
      id,
      paymentId,
      userId: found.account.userId,
      language,
      storageKey,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sizeBytes: bytes.length,
    });
    if (row) return row;
    // Made by another run meanwhile: its receipt stands, these bytes go.
    await deps.storage.delete(storageKey);
    return store.receiptOfPayment(paymentId);
  }

  async function receiptAfterCommit(paymentId: string): Promise<void> {
    try {
      await ensureReceipt(paymentId);
    } catch (error) {
      // The payment stands; the receipt is built again by its handler's retry or the daily job.
      deps.log?.warn({ paymentId, error: (error as Error).message }, 'receipt not built');
    }
  }

  async function book(input: ApplyPaymentInput, settle: boolean, tx?: Tx) {
    checkInput(input);
    if (tx) return applyIn(tx, input, settle);
    const { closed: _closed, ...result } = await inTransaction(db, (own) =>
      applyIn(own, input, settle),
    );
    return result;
  }

  function historyItem(
    row: Awaited<ReturnType<RepaymentStore['paymentsOf']>>[number],
  ): PaymentHistoryItem {
    return {
      id: row.payment.id,
      status: 'PAID',
      paidAt: row.payment.paidAt.toISOString(),
      paidOn: row.payment.businessDate,
      amountSen: row.payment.amountSen,
      channel: row.payment.channel,
      receiptNo: row.payment.receiptNo,
      receiptFileId: row.receiptId,
      failureCode: null,
      failureReason: null,
      allocations: row.allocations
        .filter((line) => !line.fromCredit)
        .map((line) => ({
          instalmentNo: line.instalmentNo,
          kind: line.kind,
          amountSen: line.amountSen,
        })),
    };
  }

  /** A read, and only that: receipts and letters are made by the handlers of the events the
   *  payment's transaction recorded, never on the way to showing them. */
  function history(found: AccountWithAgreement) {
    return store.paymentsOf(found.account.id);
  }

  return {
    async applyPayment(input: ApplyPaymentInput, tx?: Tx): Promise<ApplyPaymentResult> {
      const { paymentId, receiptNo, duplicate } = await book(input, false, tx);
      return { paymentId, receiptNo, duplicate };
    },

    settleEarly: (input: ApplyPaymentInput, tx?: Tx) => book(input, true, tx),

    async amountDueNow(agreementId: string): Promise<AmountDueNow> {
      return amountDueOf(await accountOf(agreementId));
    },

    /** The daily job: every active account brought up to today (late charges, credit used). */
    async accrueLateCharges(): Promise<Record<string, number>> {
      const asOf = malaysiaToday(clock);
      let accounts = 0;
      let days = 0;
      let chargedSen = 0;
      await forEachAtOnce(await store.activeAgreementIds(), deps.loansAtOnce ?? 1, (agreementId) =>
        inTransaction(db, async (tx) => {
          const found = await store.lockAccount(tx, agreementId);
          if (!found || found.account.status !== 'ACTIVE') return;
          const up = await bringUpToDate(tx, found, asOf);
          accounts += 1;
          days += up.charged;
          chargedSen += up.chargedSen;
        }),
      );
      let receipts = 0;
      for (const paymentId of await store.paymentsWithoutReceipt()) {
        await receiptAfterCommit(paymentId);
        receipts += 1;
      }
      return { accounts, lateChargeDays: days, lateChargesSen: chargedSen, receipts };
    },

    async accounts(viewer: Applicant): Promise<RepaymentAccountsResponse> {
      const rows = await store.accountsOfUser(viewer.userId);
      const asOf = malaysiaToday(clock);
      const items = [];
      for (const row of rows) {
        const found = await store.account(row.account.agreementId);
        if (!found) continue;
        const { positions, ledger } = await position(found, asOf);
        items.push({
          agreementId: row.account.agreementId,
          agreementNo: row.agreementNo,
          accountStatus: row.account.status,
          disbursedOn: row.account.disbursedOn,
          principalSen: row.account.principalSen,
          totalRepayableSen: row.account.totalRepayableSen,
          outstandingSen: totals(positions, ledger.creditSen).outstandingSen,
        });
      }
      return { items };
    },

    async schedule(viewer: Applicant, agreementId: string): Promise<RepaymentScheduleResponse> {
      const found = await owned(viewer, agreementId);
      const asOf = malaysiaToday(clock);
      const { scheduleVersion, ledger, positions } = await position(found, asOf);
      const { account } = found;
      return {
        agreementId,
        agreementNo: found.agreementNo,
        accountStatus: account.status,
        asOf,
        scheduleVersion,
        disbursedOn: account.disbursedOn,
        firstDueDate: account.firstDueDate,
        maturityDate: positions.at(-1)?.dueDate ?? account.firstDueDate,
        principalSen: account.principalSen,
        totalInterestSen: account.totalInterestSen,
        totalRepayableSen: account.totalRepayableSen,
        ...totals(positions, ledger.creditSen),
        amountDue: { ...amountDue(positions, ledger.creditSen, asOf), asOf },
        instalments: positions.map((p) => ({
          instalmentNo: p.instalmentNo,
          dueDate: p.dueDate,
          instalmentSen: p.instalmentSen,
          principalSen: p.principalSen,
          interestSen: p.interestSen,
          paidSen: p.paidSen,
          rebatedSen: p.rebatedSen,
          unpaidSen: p.unpaidSen,
          status: p.state,
          daysOverdue: p.daysOverdue,
          lateChargesSen: p.lateChargesSen,
          lateChargesPaidSen: p.lateChargesPaidSen,
          paidOn: p.paidOn,
        })),
      };
    },

    /**
     * The loan account whose agreement number is `AGR-<prefix>-<year>-<serial>` in the tenant
     * (what a JomPAY Ref-1 stands for), or null; read in `tx` when given.
     */
    async accountByNumber(tenant: string, year: string, serial: string, tx?: Tx) {
      const found = await store.accountByNumberSuffix(tenant, `-${year}-${serial}`, tx);
      return found
        ? {
            agreementId: found.account.agreementId,
            agreementNo: found.agreementNo,
            accountStatus: found.account.status,
            userId: found.account.userId,
          }
        : null;
    },

    async amountDueFor(viewer: Applicant, agreementId: string): Promise<AmountDueNow> {
      return amountDueOf(await owned(viewer, agreementId));
    },

    async paymentHistory(viewer: Applicant, agreementId: string): Promise<PaymentHistoryResponse> {
      const found = await owned(viewer, agreementId);
      const rows = await history(found);
      const attempts = (await deps.attemptsOf?.(agreementId)) ?? [];
      // Newest business date first: a sandbox's business dates run ahead of the wall clock's
      // instants, so instants order only the items of one day.
      const items = [...rows.map(historyItem), ...attempts].sort(
        (a, b) => b.paidOn.localeCompare(a.paidOn) || b.paidAt.localeCompare(a.paidAt),
      );
      return { agreementId, agreementNo: found.agreementNo, items };
    },

    async staffPaymentHistory(agreementId: string): Promise<StaffPaymentHistoryResponse> {
      const found = await accountOf(agreementId);
      const rows = await history(found);
      return {
        agreementId,
        agreementNo: found.agreementNo,
        accountStatus: found.account.status,
        items: rows.map((row) => ({
          ...historyItem(row),
          externalRef: row.payment.externalRef,
          actor: row.payment.actor,
        })),
      };
    },

    /** Today's early settlement figure (domain engine; never Rule of 78), less credit kept. */
    async earlySettlementQuote(
      viewer: Applicant,
      agreementId: string,
    ): Promise<EarlySettlementQuote> {
      const found = await owned(viewer, agreementId);
      const asOf = malaysiaToday(clock);
      const { ledger, positions } = await position(found, asOf);
      // A closed account owes nothing more to settle.
      const figures =
        found.account.status === 'ACTIVE'
          ? settlementOf(found, positions, asOf)
          : {
              unpaidPrincipalSen: 0,
              accruedInterestSen: 0,
              unpaidInterestSen: 0,
              lateChargesSen: 0,
              interestForgoneSen: 0,
              settlementSen: 0,
            };
      return {
        agreementId,
        asOf,
        validUntil: endOfMalaysianDay(asOf).toISOString(),
        unpaidPrincipalSen: figures.unpaidPrincipalSen,
        accruedInterestSen: figures.accruedInterestSen,
        unpaidInterestSen: figures.unpaidInterestSen,
        lateChargesSen: figures.lateChargesSen,
        interestForgoneSen: figures.interestForgoneSen,
        creditSen: ledger.creditSen,
        settlementSen: Math.max(0, figures.settlementSen - ledger.creditSen),
      };
    },

    /** A receipt PDF for its owner; anyone else is told it does not exist. */
    async receiptFor(viewer: Applicant, receiptId: string) {
      const row = await store.receipt(receiptId).catch(() => undefined);
      if (!row || row.userId !== viewer.userId) {
        throw new HttpError(404, RECEIPT_NOT_FOUND, 'RECEIPT_NOT_FOUND');
      }
      const sealed = await deps.storage.get(row.storageKey);
      if (!sealed) throw new HttpError(404, RECEIPT_NOT_FOUND, 'RECEIPT_NOT_FOUND');
      const payment = await store.payment(row.paymentId);
      return {
        bytes: deps.sealer.openBytes(sealed),
        fileName: `receipt-${payment?.receiptNo ?? row.id}.pdf`,
      };
    },

    ensureReceipt,

    // The back office's books (modules/accounts) read and change accounts through these.

    /** Any account on today's business date, brought up to it (nothing written). */
    async staffAccount(agreementId: string) {
      const found = await accountOf(agreementId);
      const asOf = malaysiaToday(clock);
      const { scheduleVersion, ledger, positions } = await position(found, asOf);
      return {
        found,
        asOf,
        scheduleVersion,
        ledger,
        positions,
        ...totals(positions, ledger.creditSen),
      };
    },

    /** Payments with their allocation rows, oldest first; settlement rebates with their dates. */
    async statementRows(found: AccountWithAgreement) {
      const rows = await history(found);
      const terminated = await store.statusEntry(found.account.id, 'TERMINATED');
      const writtenOff = await store.statusEntry(found.account.id, 'WRITEOFF');
      return {
        payments: [...rows].reverse(),
        rebates: await store.rebates(found.account.id),
        terminatedOn: terminated?.businessDate ?? null,
        writtenOffOn: writtenOff?.businessDate ?? null,
      };
    },

    /** The account locked in `tx` and brought up to today (late charges, credit used, written). */
    async lockedBooks(tx: Tx, agreementId: string) {
      const found = await store.lockAccount(tx, agreementId).catch(() => undefined);
      if (!found) throw notFound();
      const asOf = malaysiaToday(clock);
      const { ledger } = await bringUpToDate(tx, found, asOf);
      return { found, asOf, ledger, positions: instalmentPositions(ledger, asOf) };
    },

    closeIfPaid,

    /** Posts the account's books to the general ledger after a change made elsewhere (a waiver,
     *  a refund), in that change's transaction. */
    postBooks,

    /** ACTIVE to WRITEOFF: approved by a staff member other than the proposer. */
    async writeOff(
      tx: Tx,
      found: AccountWithAgreement,
      decision: { actorId: string; proposerId: string; reason: string; adjustmentId: string },
    ): Promise<boolean> {
      const allowed = transition(ACCOUNT_STATUS_MACHINE, found.account.status, 'WRITEOFF', {
        actor: 'staff',
        actorId: decision.actorId,
        proposerId: decision.proposerId,
      });
      if (!allowed.ok) return false;
      const at = clock.now();
      const actor = `staff:${decision.actorId}`;
      const changed = await store.changeStatus(
        tx,
        found.account,
        'WRITEOFF',
        actor,
        at,
        decision.reason,
        malaysiaToday(clock),
      );
      if (!changed) return false;
      await writeAudit(tx, {
        action: 'account.written_off',
        actor,
        subject: `user:${found.account.userId}`,
        entity: `loan-account:${found.account.id}`,
        from: found.account.status,
        to: 'WRITEOFF',
        reason: decision.reason,
        at,
        detail: {
          agreementId: found.account.agreementId,
          adjustmentId: decision.adjustmentId,
          proposedBy: `staff:${decision.proposerId}`,
        },
      });
      await postBooks(tx, found.account.agreementId, {
        event: 'WRITEOFF',
        reference: `adjustment:${decision.adjustmentId}`,
        actor,
        cashSen: 0,
      });
      return true;
    },

    /**
     * ACTIVE to TERMINATED, approved by a staff member other than the proposer, in `tx` under the
     * account's lock: late charges brought up to today, the interest of months not reached booked
     * as not charged, every instalment not yet due made due today (a new schedule version), and
     * the account TERMINATED. Null when the status machine refuses it.
     */
    async terminate(
      tx: Tx,
      found: AccountWithAgreement,
      decision: { actorId: string; proposerId: string; reason: string; terminationId: string },
    ): Promise<(TerminationBalance & { businessDate: IsoDate; scheduleVersion: number }) | null> {
      const allowed = transition(ACCOUNT_STATUS_MACHINE, found.account.status, 'TERMINATED', {
        actor: 'staff',
        actorId: decision.actorId,
        proposerId: decision.proposerId,
      });
      if (!allowed.ok) return null;
      const asOf = malaysiaToday(clock);
      const { ledger } = await bringUpToDate(tx, found, asOf);
      const figures = terminationBalance(instalmentPositions(ledger, asOf), asOf);
      const rows = acceleratedSchedule(ledger.instalments, asOf);
      const actor = `staff:${decision.actorId}`;
      const at = clock.now();
      const scheduleVersion = await store.addScheduleVersion(
        tx,
        {
          agreementId: found.account.agreementId,
          accountId: found.account.id,
          firstDueDate: rows[0]!.dueDate,
          instalments: rows.length,
          totalRepayableSen: found.account.totalRepayableSen,
          rowsSha256: createHash('sha256').update(canonicalScheduleText(rows)).digest('hex'),
          reason: 'Agreement terminated: the whole balance falls due',
          createdBy: actor,
        },
        rows,
      );
      await store.addRebates(
        tx,
        figures.rebates.map((rebate) => ({
          ...rebate,
          paymentId: null,
          terminationId: decision.terminationId,
          accountId: found.account.id,
          businessDate: asOf,
        })),
      );
      if (
        !(await store.changeStatus(
          tx,
          found.account,
          'TERMINATED',
          actor,
          at,
          decision.reason,
          asOf,
        ))
      ) {
        return null;
      }
      await writeAudit(tx, {
        action: 'account.terminated',
        actor,
        subject: `user:${found.account.userId}`,
        entity: `loan-account:${found.account.id}`,
        from: found.account.status,
        to: 'TERMINATED',
        reason: decision.reason,
        at,
        detail: {
          agreementId: found.account.agreementId,
          terminationId: decision.terminationId,
          proposedBy: `staff:${decision.proposerId}`,
          businessDate: asOf,
          scheduleVersion,
          balanceSen: figures.balanceSen,
          interestForgoneSen: figures.interestForgoneSen,
        },
      });
      await postBooks(tx, found.account.agreementId, {
        event: 'TERMINATION',
        reference: `termination:${decision.terminationId}`,
        actor,
        cashSen: 0,
      });
      return { ...figures, businessDate: asOf, scheduleVersion };
    },

    /** How a closed account ended, for its discharge letter; null while it is not closed. */
    async closedAccount(agreementId: string) {
      const found = await store.account(agreementId).catch(() => undefined);
      if (!found || found.account.status !== 'CLOSED') return null;
      const entry = await store.closedEntry(found.account.id);
      const payments = await store.paymentsOf(found.account.id);
      const { positions } = await position(found, malaysiaToday(clock));
      const paid = totals(positions, 0);
      return {
        accountId: found.account.id,
        agreementId,
        agreementNo: found.agreementNo,
        userId: found.account.userId,
        borrowerName: await store.borrowerNameOf(agreementId),
        tenant: found.account.tenant,
        principalSen: found.account.principalSen,
        disbursedOn: found.account.disbursedOn,
        closedOn: entry?.businessDate ?? malaysiaToday(clock),
        closedBy:
          entry?.reason === CLOSED_SETTLED_EARLY
            ? ('EARLY_SETTLEMENT' as const)
            : ('FINAL_INSTALMENT' as const),
        // What went to the loan: instalments and late charges (credit kept is not the loan's).
        totalPaidSen: paid.paidSen + paid.lateChargesPaidSen,
        lastReceiptNo: payments[0]?.payment.receiptNo ?? null,
      };
    },

    closedAgreementIds: () => store.closedAgreementIds(),

    /** Whether the borrower has a loan account on the agreement. */
    async ownsAccount(viewer: Applicant, agreementId: string): Promise<boolean> {
      const found = await store.account(agreementId).catch(() => undefined);
      return found?.account.userId === viewer.userId;
    },

    /** Accounts still being repaid, for the collection job. */
    activeAgreementIds: () => store.activeAgreementIds(),

    /** For collection: the account and its instalments on `asOf`, as the books will say once
     *  brought up to that day (nothing written); null when the agreement has no account. */
    async collectionPosition(agreementId: string, asOf: IsoDate) {
      const found = await store.account(agreementId).catch(() => undefined);
      if (!found) return null;
      const { positions } = await position(found, asOf);
      return {
        account: found.account,
        agreementNo: found.agreementNo,
        lateChargeRateBp: found.lateChargeRateBp,
        positions,
      };
    },
  } satisfies RepaymentService & Record<string, unknown>;
}

export type RepaymentModule = ReturnType<typeof createRepaymentService>;

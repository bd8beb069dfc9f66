// Paying an instalment online: the borrower starts an order for the amount due now (or an amount
// of their choosing up to what is owed), pays it on the gateway's page, and the gateway's word
// moves the order: a signed notification (the gateway resends it, so the same one may arrive many
// times, before or after the browser comes back) or the status the platform asks for when the
// browser returns. A paid order becomes the loan account's payment in the same transaction, once:
// the gateway's transaction id is unique here, and the repayments service is idempotent on it too.
import { randomBytes } from 'node:crypto';

import type {
  DueNowView,
  EarlySettlementQuote,
  GatewayChannel,
  GatewayPaymentPurpose,
  GatewayPaymentStarted,
  GatewayPaymentView,
  PaymentHistoryItem,
} from '@lending/contracts';
import { GATEWAY_PAYMENT_PATHS } from '@lending/contracts';

import type { GatewayOutcome, PaymentGateway } from '../../adapters/payment-gateway/port';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import type { AgreementService } from '../agreements/service';
import type { RepaymentService } from '../repayments/service';
import {
  AMOUNT_MISMATCH,
  AMOUNT_TOO_LARGE,
  AMOUNT_TOO_SMALL,
  GATEWAY_UNREACHABLE,
  NOTHING_TO_PAY,
  ORDER_NOT_FOUND,
  SETTLEMENT_QUOTE_CHANGED,
  SIGNATURE_INVALID,
} from './messages';
import type { GatewayPaymentRow, GatewayPaymentStore, SettlementOrderRow } from './store';

type Borrower = Extract<Principal, { kind: 'applicant' }>;

/** The least one payment may be: the gateway's minimum (RM1.00). */
export const MIN_PAYMENT_SEN = 100;

interface Log {
  warn(details: object, message: string): void;
}

export interface GatewayPaymentServiceDeps {
  db: Orm;
  store: GatewayPaymentStore;
  agreements: AgreementService;
  repayments: RepaymentService;
  /** Everything the borrower still owes on the loan today (instalments and late charges, less
   *  credit), read as the borrower reads their account. */
  owedNow(borrower: Borrower, agreementId: string): Promise<number>;
  /** Today's early settlement quote of the borrower's loan (the repayments module's). */
  settlementQuote?(borrower: Borrower, agreementId: string): Promise<EarlySettlementQuote>;
  gateway: PaymentGateway;
  clock: Clock;
  publicUrl: PublicUrl;
  log: Log;
}

export type ReturnDestination = { path: '/payment-result' | '/pending-payment'; orderId?: string };

function view(row: GatewayPaymentRow, settlement?: SettlementOrderRow): GatewayPaymentView {
  return {
    orderId: row.orderId,
    agreementId: row.agreementId,
    amountSen: row.amountSen,
    channel: row.channel,
    status: row.status,
    failureCode: row.failureCode,
    failureReason: row.failureReason,
    receiptNo: row.receiptNo,
    paymentId: row.paymentId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    purpose: settlement ? 'SETTLEMENT' : 'INSTALMENT',
    quoteAsOf: settlement?.quoteDate ?? null,
    settlementOutcome: settlement?.outcome ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

/** An order id the gateway takes (letters and digits, at most 40) and a borrower can quote. */
function newOrderId(agreementNo: string): string {
  const loan = agreementNo.replace(/[^A-Za-z0-9]/g, '').slice(-16);
  return `${loan}P${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function createGatewayPaymentService(deps: GatewayPaymentServiceDeps) {
  const { db, store, agreements, repayments, gateway, clock } = deps;
  const actorRef = `gateway:${gateway.name}`;

  const present = async (row: GatewayPaymentRow) => view(row, await store.settlementOf(row.id));

  /** The borrower's disbursed agreement: the named one, or their newest. */
  async function payableAgreement(userId: string, agreementId?: string) {
    const agreement = agreementId
      ? await agreements.ownedBy(userId, agreementId)
      : await agreements.latestOfUser(userId);
    if (!agreement || agreement.status !== 'DISBURSED') {
      throw new HttpError(409, NOTHING_TO_PAY, 'PAYMENT_NOT_ALLOWED');
    }
    return agreement;
  }

  async function dueNow(borrower: Borrower, agreementId?: string): Promise<DueNowView> {
    const agreement = await payableAgreement(borrower.userId, agreementId);
    const [due, owed, quote] = await Promise.all([
      repayments.amountDueNow(agreement.id),
      deps.owedNow(borrower, agreement.id),
      deps.settlementQuote?.(borrower, agreement.id),
    ]);
    // Settling today clears the loan for less than every instalment left (interest not yet
    // accrued is not charged): no payment may ask for more than that.
    const settlementSen = quote && quote.settlementSen > 0 ? quote.settlementSen : null;
    const maxAmountSen = settlementSen === null ? owed : Math.min(owed, settlementSen);
    return {
      agreementId: agreement.id,
      agreementNo: agreement.agreementNo,
      dueNowSen: Math.min(due.dueNowSen, maxAmountSen),
      overdueSen: due.overdueSen,
      lateChargesSen: due.lateChargesSen,
      currentInstalmentSen: due.currentInstalmentSen,
      maxAmountSen,
      minAmountSen: Math.min(MIN_PAYMENT_SEN, maxAmountSen),
      settlementSen,
      asOf: due.asOf,
    };
  }

  /** A refusal of the gateway's word, kept in the audit log (nothing else of it is believed). */
  async function refused(reason: string, detail: Record<string, unknown>) {
    await writeAudit(db, {
      action: 'gateway_payment.refused',
      actor: actorRef,
      subject: null,
      reason,
      at: clock.now(),
      detail,
    });
  }

  /**
   * Applies what the gateway says of an order, once: a final order stays as it is; a paid one
   * becomes the loan account's payment in the same transaction.
   */
  async function settle(outcome: GatewayOutcome, source: 'notification' | 'query') {
    // The booking's transaction recorded `payment.booked`: its handler makes the receipt.
    return (await settleIn(outcome, source)).row;
  }

  async function settleIn(
    outcome: GatewayOutcome,
    source: 'notification' | 'query',
  ): Promise<{ row: GatewayPaymentRow; paidNow: boolean }> {
    const known = await store.byOrderId(outcome.orderId);
    if (!known) throw new HttpError(404, ORDER_NOT_FOUND, 'NOT_FOUND');
    if (outcome.amountSen !== known.amountSen) {
      await refused(AMOUNT_MISMATCH, {
        orderId: outcome.orderId,
        gatewayTxnId: outcome.txnId,
        expectedSen: known.amountSen,
        amountSen: outcome.amountSen,
        source,
      });
      throw new HttpError(400, AMOUNT_MISMATCH, 'GATEWAY_AMOUNT_MISMATCH');
    }
    return db.transaction(async (tx) => {
      const row = (await store.lockByOrderId(tx, outcome.orderId))!;
      // Repeated or late word on an order already settled changes nothing.
      if (row.status !== 'PENDING') return { row, paidNow: false };
      const at = clock.now();
      if (outcome.status === 'PENDING') {
        return {
          row:
            row.gatewayTxnId === outcome.txnId
              ? row
              : await store.recordTxn(tx, row.id, outcome.txnId, at),
          paidNow: false,
        };
      }
      if (outcome.status === 'FAILED') {
        const reason = outcome.errorDesc ?? outcome.errorCode ?? 'Payment failed';
        const failed = await store.changeStatus(tx, row, {
          to: 'FAILED',
          actor: 'system',
          actorRef,
          at,
          reason: `${source}: ${reason}`,
          set: {
            gatewayTxnId: outcome.txnId,
            failureCode: outcome.errorCode,
            failureReason: reason,
          },
        });
        return { row: failed, paidNow: false };
      }
      const paidAt = outcome.paidAt ?? at;
      const input = {
        agreementId: row.agreementId,
        amountSen: row.amountSen,
        channel: row.channel,
        externalRef: outcome.txnId,
        paidAt,
        actor: actorRef,
      };
      const settlement = await store.settlementOf(row.id, tx);
      let applied: { paymentId: string; receiptNo: string };
      if (settlement) {
        // The quote holds for its own business day only. Money that arrives later is never
        // refused (it was paid): it is applied as an ordinary payment and the loan stays open.
        // On the day, the repayments module checks again that it covers the day's amount.
        const today = malaysiaToday(clock);
        let decided: NonNullable<SettlementOrderRow['outcome']>;
        if (settlement.quoteDate !== today) {
          applied = await repayments.applyPayment(input, tx);
          decided = 'QUOTE_EXPIRED';
        } else {
          const result = await repayments.settleEarly(input, tx);
          applied = result;
          decided = result.settled ? 'SETTLED' : 'NOT_SETTLED';
        }
        await store.decideSettlement(tx, row, settlement, decided, actorRef, at, today);
      } else {
        applied = await repayments.applyPayment(input, tx);
      }
      const paid = await store.changeStatus(tx, row, {
        to: 'PAID',
        actor: 'system',
        actorRef,
        at,
        reason: source,
        set: {
          gatewayTxnId: outcome.txnId,
          paymentId: applied.paymentId,
          receiptNo: applied.receiptNo,
          paidAt,
        },
      });
      return { row: paid, paidNow: true };
    });
  }

  /** Asks the gateway about a pending order and applies its answer; unchanged if unreachable. */
  async function refresh(row: GatewayPaymentRow): Promise<GatewayPaymentRow> {
    if (row.status !== 'PENDING') return row;
    let outcome: GatewayOutcome | null;
    try {
      outcome = await gateway.queryOrder(row.orderId, row.amountSen);
    } catch (error) {
      deps.log.warn(
        { orderId: row.orderId, error: error instanceof Error ? error.message : 'unknown' },
        'payment gateway status query failed',
      );
      return row;
    }
    if (!outcome || outcome.orderId !== row.orderId) return row;
    try {
      return await settle(outcome, 'query');
    } catch (error) {
      if (error instanceof HttpError) {
        deps.log.warn({ orderId: row.orderId, code: error.code }, 'gateway status not applied');
        return row;
      }
      throw error;
    }
  }

  return {
    dueNow,

    async start(
      borrower: Borrower,
      input: {
        agreementId: string;
        channel: GatewayChannel;
        amountSen?: number;
        language?: 'EN' | 'MS';
        purpose?: GatewayPaymentPurpose;
        quoteAsOf?: string;
      },
      ip: string | null,
    ): Promise<GatewayPaymentStarted> {
      const { userId } = borrower;
      const due = await dueNow(borrower, input.agreementId);
      if (due.maxAmountSen <= 0) throw new HttpError(409, NOTHING_TO_PAY, 'PAYMENT_NOT_ALLOWED');
      let settlement: { quoteDate: string; quoteSen: number } | undefined;
      let amountSen = input.amountSen ?? due.dueNowSen;
      if (input.purpose === 'SETTLEMENT') {
        if (!deps.settlementQuote) throw new HttpError(409, NOTHING_TO_PAY, 'PAYMENT_NOT_ALLOWED');
        const quote = await deps.settlementQuote(borrower, input.agreementId);
        if (quote.settlementSen <= 0) {
          throw new HttpError(409, NOTHING_TO_PAY, 'PAYMENT_NOT_ALLOWED');
        }
        // The borrower pays the figure they were shown, and only while it is today's.
        if (quote.asOf !== input.quoteAsOf || quote.settlementSen !== input.amountSen) {
          throw new HttpError(409, SETTLEMENT_QUOTE_CHANGED, 'SETTLEMENT_QUOTE_CHANGED');
        }
        amountSen = quote.settlementSen;
        settlement = { quoteDate: quote.asOf, quoteSen: quote.settlementSen };
      }
      if (amountSen < MIN_PAYMENT_SEN) {
        throw new HttpError(400, AMOUNT_TOO_SMALL, 'PAYMENT_AMOUNT_REFUSED');
      }
      if (amountSen > due.maxAmountSen) {
        throw new HttpError(400, AMOUNT_TOO_LARGE, 'PAYMENT_AMOUNT_REFUSED');
      }
      const agreement = await agreements.ownedBy(userId, input.agreementId);
      const orderId = newOrderId(agreement.agreementNo);
      let paymentUrl: string;
      try {
        ({ paymentUrl } = await gateway.createPayment({
          orderId,
          amountSen,
          channel: input.channel,
          description: settlement
            ? `Loan ${agreement.agreementNo} early settlement`
            : `Loan ${agreement.agreementNo} repayment`,
          language: input.language ?? 'EN',
          returnUrl: `${deps.publicUrl()}${GATEWAY_PAYMENT_PATHS.return}`,
          notifyUrl: `${deps.publicUrl()}${GATEWAY_PAYMENT_PATHS.notify}`,
        }));
      } catch (error) {
        deps.log.warn(
          { orderId, error: error instanceof Error ? error.message : 'unknown' },
          'payment gateway refused the order',
        );
        throw new HttpError(503, GATEWAY_UNREACHABLE, 'GATEWAY_UNREACHABLE');
      }
      // Kept once the gateway took the order: the browser has not been sent there yet, so no word
      // from the gateway can come before this row.
      const row = await store.insert(
        {
          tenant: agreement.tenant,
          orderId,
          agreementId: agreement.id,
          userId,
          amountSen,
          channel: input.channel,
          gateway: gateway.name,
          startedOn: malaysiaToday(clock),
        },
        `user:${userId}`,
        clock.now(),
        ip,
        settlement,
      );
      return { payment: await present(row), paymentUrl };
    },

    /** The gateway's notification: believed only when signed, for the order's own amount. */
    async notified(fields: Readonly<Record<string, string | undefined>>): Promise<string> {
      const outcome = gateway.readNotification(fields);
      if (!outcome) {
        await refused(SIGNATURE_INVALID, { orderId: fields.orderid ?? null });
        throw new HttpError(400, SIGNATURE_INVALID, 'GATEWAY_SIGNATURE_INVALID');
      }
      try {
        await settle(outcome, 'notification');
      } catch (error) {
        // Another order already carries this transaction id: the gateway's word is not believed.
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'Transaction already recorded for another order', 'CONFLICT');
        }
        throw error;
      }
      return gateway.acknowledgement;
    },

    /** The browser came back from the gateway: ask the gateway, then say where to go. */
    async returned(orderId: string | undefined): Promise<ReturnDestination> {
      const row = orderId ? await store.byOrderId(orderId) : undefined;
      if (!row) return { path: '/payment-result' };
      const now = await refresh(row);
      return {
        path: now.status === 'PENDING' ? '/pending-payment' : '/payment-result',
        orderId: now.orderId,
      };
    },

    /** The borrower's own order, asked again at the gateway while pending; others' are 404. */
    async order(userId: string, orderId: string): Promise<GatewayPaymentView> {
      const row = await store.byOrderId(orderId);
      if (!row || row.userId !== userId) throw new HttpError(404, ORDER_NOT_FOUND, 'NOT_FOUND');
      return present(await refresh(row));
    },

    /** The agreement's online payments that booked nothing (failed with the gateway's reason, or
     *  still pending), as the payment history lists them; paid ones are the account's payments. */
    async unbookedAttempts(agreementId: string): Promise<PaymentHistoryItem[]> {
      return (await store.ofAgreement(agreementId))
        .filter((row) => row.status !== 'PAID')
        .map((row) => ({
          id: row.id,
          status: row.status,
          paidAt: row.createdAt.toISOString(),
          paidOn: row.startedOn,
          amountSen: row.amountSen,
          channel: row.channel,
          receiptNo: null,
          receiptFileId: null,
          failureCode: row.failureCode,
          failureReason: row.failureReason,
          allocations: [],
        }));
    },
  };
}

export type GatewayPaymentService = ReturnType<typeof createGatewayPaymentService>;

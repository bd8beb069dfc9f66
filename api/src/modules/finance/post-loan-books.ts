// What a loan's money events post. A payout posts the principal lent against the money sent and
// each fee kept back (the domain's payout figures). Every later event (a payment, the day's close
// bringing an account up to date, a waiver, a write-off, a termination, a refund) posts the change
// in the account's running totals (the domain's loan book figures) since the last posting, inside
// the event's own transaction: the journal then cannot drift from the account's own books, and an
// event that moves several totals (a payment that also uses credit) posts them all at once.
import {
  type ApprovedLoanSummary,
  type IsoDate,
  LOAN_BOOK_FIGURES,
  type LoanBookFigures,
  payoutFigures,
} from '@lending/domain';

import type { OrmTransaction } from '../../kernel/transaction';
import type { LedgerAccountKey } from './chart-of-accounts';
import { type EntryLine, postEntry } from './post-entry';
import type { FinanceStore, JournalEntryRow, JournalEvent } from './store';

type Figure = keyof LoanBookFigures;

/** Totals that move between two ledger accounts of their own (debit, credit). */
const PAIRED: Partial<Record<Figure, [LedgerAccountKey, LedgerAccountKey]>> = {
  interestChargedSen: ['INTEREST_RECEIVABLE', 'INTEREST_INCOME'],
  lateChargedSen: ['LATE_CHARGES_RECEIVABLE', 'LATE_CHARGE_INCOME'],
  lateWaivedSen: ['LATE_CHARGES_WAIVED', 'LATE_CHARGES_RECEIVABLE'],
  writtenOffPrincipalSen: ['WRITE_OFF_EXPENSE', 'LOANS_RECEIVABLE'],
  writtenOffInterestSen: ['WRITE_OFF_EXPENSE', 'INTEREST_RECEIVABLE'],
  writtenOffLateSen: ['WRITE_OFF_EXPENSE', 'LATE_CHARGES_RECEIVABLE'],
};

/** Totals that money moves: a rise is a credit here (a debit for the principal lent), and the
 *  other side is the bank (a payment, a refund) or credit kept. */
const MONEY: Partial<Record<Figure, { account: LedgerAccountKey; credit: boolean }>> = {
  principalLentSen: { account: 'LOANS_RECEIVABLE', credit: false },
  principalPaidSen: { account: 'LOANS_RECEIVABLE', credit: true },
  interestPaidSen: { account: 'INTEREST_RECEIVABLE', credit: true },
  latePaidSen: { account: 'LATE_CHARGES_RECEIVABLE', credit: true },
  creditSen: { account: 'BORROWER_CREDIT', credit: true },
};

export interface LoanEvent {
  tenant: string;
  loanAccountId: string;
  event: Exclude<JournalEvent, 'PAYOUT' | 'REVERSAL'>;
  /** The receipt, waiver, refund or status change the entry is for. */
  reference: string;
  businessDate: IsoDate;
  actor: string;
  /** Money into the bank with the event (a payment), or out of it (a refund, negative). */
  cashSen: number;
  figures: LoanBookFigures;
}

/** The change in the account's totals since it last posted, as one balanced entry. */
export async function postLoanBooks(
  store: FinanceStore,
  tx: OrmTransaction,
  event: LoanEvent,
): Promise<JournalEntryRow | null> {
  const posted = await store.loanTotals(tx, event.loanAccountId);
  const loan = event.loanAccountId;
  const lines: EntryLine[] = [];
  const next = new Map<string, number>();
  let bankSen = 0;
  for (const figure of LOAN_BOOK_FIGURES) {
    const change = event.figures[figure] - (posted.get(figure) ?? 0);
    if (change === 0) continue;
    next.set(figure, event.figures[figure]);
    const pair = PAIRED[figure];
    if (pair) {
      lines.push(
        { account: pair[0], debitSen: change, loanAccountId: loan, figure },
        { account: pair[1], creditSen: change, loanAccountId: loan, figure },
      );
      continue;
    }
    const money = MONEY[figure]!;
    lines.push(
      money.credit
        ? { account: money.account, creditSen: change, loanAccountId: loan, figure }
        : { account: money.account, debitSen: change, loanAccountId: loan, figure },
    );
    bankSen += money.credit ? change : -change;
  }
  if (event.cashSen !== 0) {
    lines.push({
      account: 'CASH_AT_BANK',
      debitSen: event.cashSen,
      loanAccountId: loan,
      figure: 'cash',
    });
  }
  // What money the totals say moved and the bank did not see (a loan paid out before the ledger
  // was kept, taken on here): held in suspense for finance to clear, never lost or invented.
  if (bankSen !== event.cashSen) {
    lines.push({
      account: 'SUSPENSE',
      debitSen: bankSen - event.cashSen,
      loanAccountId: loan,
      figure: 'unexplained',
    });
  }
  const entry = await postEntry(store, tx, {
    tenant: event.tenant,
    businessDate: event.businessDate,
    event: event.event,
    reference: event.reference,
    loanAccountId: loan,
    actor: event.actor,
    lines,
  });
  await store.setLoanTotals(tx, loan, next);
  return entry;
}

export interface PayoutEvent {
  tenant: string;
  loanAccountId: string;
  /** The payout's own reference (the bank's idempotency key). */
  reference: string;
  businessDate: IsoDate;
  actor: string;
  offer: ApprovedLoanSummary;
}

/** The payout: principal lent against the money sent and every fee kept back from it. */
export async function postPayout(
  store: FinanceStore,
  tx: OrmTransaction,
  payout: PayoutEvent,
): Promise<JournalEntryRow | null> {
  const figures = payoutFigures(payout.offer);
  const loan = payout.loanAccountId;
  const entry = await postEntry(store, tx, {
    tenant: payout.tenant,
    businessDate: payout.businessDate,
    event: 'PAYOUT',
    reference: payout.reference,
    loanAccountId: loan,
    actor: payout.actor,
    lines: [
      {
        account: 'LOANS_RECEIVABLE',
        debitSen: figures.principalSen,
        loanAccountId: loan,
        figure: 'principalLentSen',
      },
      { account: 'FEES_WAIVED', debitSen: figures.referralWaiverSen, loanAccountId: loan },
      {
        account: 'CASH_AT_BANK',
        creditSen: figures.netPaidSen,
        loanAccountId: loan,
        figure: 'cash',
      },
      { account: 'FEE_INCOME', creditSen: figures.attestationFeeNetSen, loanAccountId: loan },
      { account: 'SST_PAYABLE', creditSen: figures.attestationServiceTaxSen, loanAccountId: loan },
      { account: 'STAMP_DUTY_PAYABLE', creditSen: figures.stampDutySen, loanAccountId: loan },
      {
        account: 'INSURANCE_PREMIUM_PAYABLE',
        creditSen: figures.premiumPayableSen,
        loanAccountId: loan,
      },
      { account: 'COMMISSION_INCOME', creditSen: figures.commissionSen, loanAccountId: loan },
    ],
  });
  await store.setLoanTotals(tx, loan, new Map([['principalLentSen', figures.principalSen]]));
  return entry;
}

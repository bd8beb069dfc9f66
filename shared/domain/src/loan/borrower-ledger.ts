import type { Sen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { compareDates } from '../time/calendar-date';
import type { StatementEntry, StatementOfAccount } from './statement-of-account';

/**
 * Where a loan stands on a day, as the borrower ledger (Lampiran A, Moneylenders Act s.18(1)) and
 * the regulator's return report it. Our reading of the Moneylenders (Control and Licensing)
 * Regulations 2003 and the KPKT iDeal return, which give the remark but not its rules:
 * - WRITTEN_OFF once the write-off is on the books;
 * - SETTLED when nothing is owed (the balance, after the early settlement rebate booked that
 *   day, is zero or credit);
 * - IN_ARREARS when an instalment due before that day, or a late charge, is unpaid;
 * - CURRENT otherwise (an instalment falling due that very day is not yet in arrears).
 */
export const LOAN_STANDINGS = ['CURRENT', 'IN_ARREARS', 'SETTLED', 'WRITTEN_OFF'] as const;
export type LoanStanding = (typeof LOAN_STANDINGS)[number];

/** Each standing as the regulator's forms spell it (Malay): the ledger's remark code. */
export const LOAN_STANDING_CODES: Readonly<Record<LoanStanding, string>> = {
  CURRENT: 'Semasa',
  IN_ARREARS: 'Tertunggak',
  SETTLED: 'Selesai',
  WRITTEN_OFF: 'Hapus Kira',
};

export interface LoanStandingFigures {
  standing: LoanStanding;
  /** What is owed in all: the statement's balance (below zero is credit kept). */
  balanceSen: Sen;
  /** Payments received less credit refunded: money returned was never paid towards the loan
   *  (the statement's `netPaidSen` on that day). */
  paidSen: Sen;
  /** Instalments due before the day and late charges, neither paid, waived nor rebated. */
  arrearsSen: Sen;
}

/**
 * The standing after the statement's entry `index`, read on `date` (that entry's day or later,
 * with nothing booked in between). An early settlement's rebate, and a late charge waiver, are
 * listed after a payment of the same day: they count with the payment, so that the payment that
 * settles the loan reads SETTLED.
 */
function standingAfter(
  entries: readonly StatementEntry[],
  index: number,
  date: IsoDate = entries[index]!.date,
): LoanStandingFigures {
  let paidSen = 0;
  let creditsSen = 0;
  let lateChargesSen = 0;
  let writtenOff = false;
  for (const entry of entries.slice(0, index + 1)) {
    if (entry.kind === 'PAYMENT') paidSen += entry.creditSen;
    // A refund pays back credit a payment left: neither paid towards the loan nor set against it.
    if (entry.kind === 'REFUND') {
      paidSen -= entry.debitSen;
      creditsSen -= entry.debitSen;
    }
    if (entry.kind === 'LATE_CHARGE') lateChargesSen += entry.debitSen;
    if (entry.kind === 'WRITEOFF') writtenOff = true;
    creditsSen += entry.kind === 'OPENING' ? 0 : entry.creditSen;
  }
  const sameDayRebatesSen = entries
    .slice(index + 1)
    .filter(
      (entry) =>
        (entry.kind === 'REBATE' || entry.kind === 'WAIVER') && entry.date === entries[index]!.date,
    )
    .reduce((sum, entry) => sum + entry.creditSen, 0);
  creditsSen += sameDayRebatesSen;
  const dueBeforeSen = entries
    .filter((entry) => entry.kind === 'INSTALMENT_DUE' && compareDates(entry.date, date) < 0)
    .reduce((sum, entry) => sum + entry.amountSen, 0);
  // Money is put on the oldest first (DOMAIN.md), so comparing sums is comparing instalments.
  const arrearsSen = Math.max(0, dueBeforeSen + lateChargesSen - creditsSen);
  const balanceSen = entries[index]!.balanceSen - sameDayRebatesSen;
  const standing: LoanStanding = writtenOff
    ? 'WRITTEN_OFF'
    : balanceSen <= 0
      ? 'SETTLED'
      : arrearsSen > 0
        ? 'IN_ARREARS'
        : 'CURRENT';
  return { standing, balanceSen, paidSen, arrearsSen };
}

/**
 * Where the loan stood at the end of `date` (the statement's own date at the latest); null before
 * the loan was paid out.
 */
export function standingOn(
  statement: StatementOfAccount,
  date: IsoDate,
): LoanStandingFigures | null {
  const until = compareDates(date, statement.asOf) < 0 ? date : statement.asOf;
  let last = -1;
  statement.entries.forEach((entry, index) => {
    if (compareDates(entry.date, until) <= 0) last = index;
  });
  return last < 0 ? null : standingAfter(statement.entries, last, until);
}

export interface BorrowerLedgerRow extends StatementEntry {
  /** A payment's remark: where the loan stood once that payment was booked; null otherwise. */
  remark: LoanStanding | null;
}

/**
 * The borrower ledger: the statement of account's entries, to the sen, each payment with the
 * remark of the loan as it stood on that payment (never today's standing read backwards).
 */
export function borrowerLedger(statement: StatementOfAccount): BorrowerLedgerRow[] {
  return statement.entries.map((entry, index) => ({
    ...entry,
    remark: entry.kind === 'PAYMENT' ? standingAfter(statement.entries, index).standing : null,
  }));
}

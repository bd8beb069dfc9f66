import type { Sen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { compareDates } from '../time/calendar-date';
import type { LateChargeDay, ScheduledInstalment } from './repayment-ledger';

/**
 * The statement of account of a loan: every movement of the books in date order with a running
 * balance. The balance is what the borrower owes in all: the total repayable (principal and
 * interest of the schedule), plus late charges, less payments, waivers and interest not charged on
 * early settlement. An instalment falling due moves nothing (it was owed from the start) and is
 * listed with its amount; credit kept shows as a balance below zero, and a refund of it (money paid
 * back to the borrower) brings the balance back up. The closing balance is the ledger's unpaid
 * instalments + unpaid late charges - credit, to the sen.
 */
export type StatementEntryKind =
  | 'OPENING'
  | 'INSTALMENT_DUE'
  | 'LATE_CHARGE'
  | 'PAYMENT'
  | 'WAIVER'
  | 'REBATE'
  | 'REFUND'
  | 'TERMINATION'
  | 'WRITEOFF';

export type StatementAllocationKind = 'LATE_CHARGE' | 'INTEREST' | 'PRINCIPAL' | 'CREDIT';

export interface StatementPayment {
  /** The receipt number. */
  reference: string;
  businessDate: IsoDate;
  amountSen: Sen;
  /** Where the payment's own money went (credit spent later is not the payment's line). */
  allocations: readonly {
    instalmentNo: number | null;
    kind: StatementAllocationKind;
    amountSen: Sen;
  }[];
}

export interface StatementInput {
  asOf: IsoDate;
  disbursedOn: IsoDate;
  principalSen: Sen;
  totalInterestSen: Sen;
  instalments: readonly ScheduledInstalment[];
  payments: readonly StatementPayment[];
  /** Late charge days on the books up to `asOf`. */
  accruals: readonly LateChargeDay[];
  /** Approved late charge waivers. */
  waivers: readonly { reference: string; businessDate: IsoDate; amountSen: Sen }[];
  /** Interest not charged on early settlement or on termination, per instalment. */
  rebates: readonly { businessDate: IsoDate; amountSen: Sen }[];
  /** Credit paid back to the borrower (approved refunds). */
  refunds?: readonly { reference: string; businessDate: IsoDate; amountSen: Sen }[];
  /** The day the agreement was terminated and its whole balance fell due, if it was. */
  terminatedOn?: IsoDate | null;
  /** The day the account was written off, if it was. */
  writtenOffOn?: IsoDate | null;
}

export interface StatementEntry {
  date: IsoDate;
  kind: StatementEntryKind;
  /** Receipt number, waiver reference; null otherwise. */
  reference: string | null;
  instalmentNo: number | null;
  /** Late charges: the first day of the run the line adds up, and how many days. */
  fromDate: IsoDate | null;
  days: number | null;
  /** The instalment's amount (INSTALMENT_DUE), the balance that fell due (TERMINATION) or was
   *  written off (WRITEOFF); else 0. */
  amountSen: Sen;
  debitSen: Sen;
  creditSen: Sen;
  balanceSen: Sen;
  allocations: StatementPayment['allocations'];
}

export interface StatementOfAccount {
  asOf: IsoDate;
  openingSen: Sen;
  entries: StatementEntry[];
  totals: {
    instalmentsDueSen: Sen;
    lateChargesSen: Sen;
    paymentsSen: Sen;
    waiversSen: Sen;
    rebatesSen: Sen;
    refundsSen: Sen;
    /** What the borrower paid and the lender kept: payments less credit refunded. A closed loan's
     *  net paid + waived + rebated = total repayable + late charges, to the sen. */
    netPaidSen: Sen;
  };
  closingBalanceSen: Sen;
}

const ORDER: Record<StatementEntryKind, number> = {
  OPENING: 0,
  INSTALMENT_DUE: 1,
  LATE_CHARGE: 2,
  PAYMENT: 3,
  WAIVER: 4,
  REBATE: 5,
  REFUND: 6,
  TERMINATION: 7,
  WRITEOFF: 8,
};

type Draft = Omit<StatementEntry, 'balanceSen'>;

function draft(partial: Partial<Draft> & Pick<Draft, 'date' | 'kind'>): Draft {
  return {
    reference: null,
    instalmentNo: null,
    fromDate: null,
    days: null,
    amountSen: 0,
    debitSen: 0,
    creditSen: 0,
    allocations: [],
    ...partial,
  };
}

/**
 * Late charge days are one row a day on the books; the statement adds them up per instalment and
 * calendar month, cut wherever money moved (a payment or waiver changes what is charged next).
 */
function lateChargeRuns(input: StatementInput, moneyDates: readonly IsoDate[]): Draft[] {
  const runs = new Map<string, Draft>();
  const days = [...input.accruals]
    .filter((accrual) => compareDates(accrual.day, input.asOf) <= 0)
    .sort((a, b) => compareDates(a.day, b.day) || a.instalmentNo - b.instalmentNo);
  for (const accrual of days) {
    // Money moved on a day after the day's charge (a payment first brings the day's charge on).
    const cut = moneyDates.filter((date) => compareDates(date, accrual.day) < 0).length;
    const key = `${accrual.instalmentNo}|${accrual.day.slice(0, 7)}|${cut}`;
    const run = runs.get(key);
    if (run) {
      run.date = accrual.day;
      run.days = (run.days ?? 0) + 1;
      run.debitSen += accrual.amountSen;
    } else {
      runs.set(
        key,
        draft({
          date: accrual.day,
          kind: 'LATE_CHARGE',
          instalmentNo: accrual.instalmentNo,
          fromDate: accrual.day,
          days: 1,
          debitSen: accrual.amountSen,
        }),
      );
    }
  }
  return [...runs.values()].filter((run) => run.debitSen > 0);
}

export function statementOfAccount(input: StatementInput): StatementOfAccount {
  const openingSen = input.principalSen + input.totalInterestSen;
  const scheduled = input.instalments.reduce((sum, row) => sum + row.instalmentSen, 0);
  if (scheduled !== openingSen) {
    throw new RangeError('the schedule does not add up to the principal and interest');
  }
  const upTo = <T extends { businessDate: IsoDate }>(rows: readonly T[]) =>
    rows.filter((row) => compareDates(row.businessDate, input.asOf) <= 0);
  const payments = upTo(input.payments);
  const waivers = upTo(input.waivers);
  const moneyDates = [...payments, ...waivers].map((row) => row.businessDate);

  const drafts: Draft[] = [
    draft({ date: input.disbursedOn, kind: 'OPENING', debitSen: openingSen }),
    ...input.instalments
      .filter((row) => compareDates(row.dueDate, input.asOf) <= 0)
      .map((row) =>
        draft({
          date: row.dueDate,
          kind: 'INSTALMENT_DUE',
          instalmentNo: row.instalmentNo,
          amountSen: row.instalmentSen,
        }),
      ),
    ...lateChargeRuns(input, moneyDates),
    ...payments.map((payment) =>
      draft({
        date: payment.businessDate,
        kind: 'PAYMENT',
        reference: payment.reference,
        creditSen: payment.amountSen,
        allocations: payment.allocations,
      }),
    ),
    ...waivers.map((waiver) =>
      draft({
        date: waiver.businessDate,
        kind: 'WAIVER',
        reference: waiver.reference,
        creditSen: waiver.amountSen,
      }),
    ),
  ];
  const rebatesByDate = new Map<IsoDate, Sen>();
  for (const rebate of upTo(input.rebates)) {
    rebatesByDate.set(
      rebate.businessDate,
      (rebatesByDate.get(rebate.businessDate) ?? 0) + rebate.amountSen,
    );
  }
  for (const [date, amountSen] of rebatesByDate) {
    drafts.push(draft({ date, kind: 'REBATE', creditSen: amountSen }));
  }
  for (const refund of upTo(input.refunds ?? [])) {
    drafts.push(
      draft({
        date: refund.businessDate,
        kind: 'REFUND',
        reference: refund.reference,
        debitSen: refund.amountSen,
      }),
    );
  }
  const writtenOff =
    input.writtenOffOn && compareDates(input.writtenOffOn, input.asOf) <= 0
      ? input.writtenOffOn
      : null;
  if (writtenOff) drafts.push(draft({ date: writtenOff, kind: 'WRITEOFF' }));
  const terminated =
    input.terminatedOn && compareDates(input.terminatedOn, input.asOf) <= 0
      ? input.terminatedOn
      : null;
  if (terminated) drafts.push(draft({ date: terminated, kind: 'TERMINATION' }));

  // Stable: entries of a kind keep the order they were given in (payments as booked).
  drafts.sort(
    (a, b) =>
      compareDates(a.date, b.date) ||
      ORDER[a.kind] - ORDER[b.kind] ||
      (a.instalmentNo ?? 0) - (b.instalmentNo ?? 0),
  );
  let balance = 0;
  const entries = drafts.map((entry) => {
    balance += entry.debitSen - entry.creditSen;
    // A write-off takes nothing off what is owed: it records the balance given up on; a
    // termination moves nothing either: it records the balance that fell due at once.
    return {
      ...entry,
      amountSen:
        entry.kind === 'WRITEOFF' || entry.kind === 'TERMINATION' ? balance : entry.amountSen,
      balanceSen: balance,
    };
  });
  const total = (kind: StatementEntryKind, field: 'debitSen' | 'creditSen' | 'amountSen') =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry[field], 0);
  const paymentsSen = total('PAYMENT', 'creditSen');
  const refundsSen = total('REFUND', 'debitSen');
  return {
    asOf: input.asOf,
    openingSen,
    entries,
    totals: {
      instalmentsDueSen: total('INSTALMENT_DUE', 'amountSen'),
      lateChargesSen: total('LATE_CHARGE', 'debitSen'),
      paymentsSen,
      waiversSen: total('WAIVER', 'creditSen'),
      rebatesSen: total('REBATE', 'creditSen'),
      refundsSen,
      netPaidSen: paymentsSen - refundsSen,
    },
    closingBalanceSen: balance,
  };
}

import type { BasisPoints, Sen } from '../money/money';
import { assertSen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { addDays, compareDates } from '../time/calendar-date';
import { daysInDefault, lateCharge, lateChargeToAccrue } from './late-charge';

/** One instalment of the stored repayment schedule. */
export interface ScheduledInstalment {
  instalmentNo: number;
  dueDate: IsoDate;
  instalmentSen: Sen;
  principalSen: Sen;
  interestSen: Sen;
}

export type PaidKind = 'LATE_CHARGE' | 'INTEREST' | 'PRINCIPAL';

/** Money put on an instalment: late charges, interest or principal, on a business date. */
export interface AllocationLine {
  instalmentNo: number;
  kind: PaidKind;
  amountSen: Sen;
  businessDate: IsoDate;
}

/** The late charge of one day in default of one instalment. */
export interface LateChargeDay {
  instalmentNo: number;
  day: IsoDate;
  daysInDefault: number;
  /** The unpaid instalment the day was charged on. */
  overdueSen: Sen;
  amountSen: Sen;
}

/** What the books hold for a loan account: its schedule and everything put on it so far. */
export interface AccountLedger {
  instalments: readonly ScheduledInstalment[];
  allocations: readonly AllocationLine[];
  accruals: readonly LateChargeDay[];
  /** Money received and not yet allocated. */
  creditSen: Sen;
  /** Interest not charged because the loan was settled early (never money received). */
  rebates?: readonly { instalmentNo: number; amountSen: Sen }[];
  /** Late charges waived by staff (approved by a second member): never money received. */
  waivers?: readonly { instalmentNo: number; amountSen: Sen }[];
  lateChargeAnnualRateBp?: BasisPoints;
}

export type InstalmentState = 'PAID' | 'OVERDUE' | 'DUE' | 'PARTLY_PAID' | 'UNPAID';

export interface InstalmentPosition extends ScheduledInstalment {
  paidInterestSen: Sen;
  paidPrincipalSen: Sen;
  /** Paid towards the instalment (interest and principal). */
  paidSen: Sen;
  /** Not charged: the loan was settled early. */
  rebatedSen: Sen;
  unpaidSen: Sen;
  /** What is still owed of the interest, and of the principal (unpaidSen in all). */
  owedInterestSen: Sen;
  owedPrincipalSen: Sen;
  lateChargesSen: Sen;
  lateChargesPaidSen: Sen;
  /** Late charges waived by staff. */
  lateChargesWaivedSen: Sen;
  /** Charged, less paid, less waived. */
  lateChargesUnpaidSen: Sen;
  state: InstalmentState;
  daysOverdue: number;
  /** The business date the instalment was paid in full. */
  paidOn: IsoDate | null;
}

/**
 * Each instalment on `asOf`: what was paid on it (interest, principal, late charges), what is
 * unpaid, and its state. PAID once nothing of the instalment is unpaid; otherwise OVERDUE after
 * its due date, DUE on it, PARTLY_PAID before it with part paid, UNPAID before it with nothing.
 */
export function instalmentPositions(ledger: AccountLedger, asOf: IsoDate): InstalmentPosition[] {
  return ledger.instalments.map((row) => {
    let paidInterestSen = 0;
    let paidPrincipalSen = 0;
    let lateChargesPaidSen = 0;
    let lastPaid: IsoDate | null = null;
    for (const line of ledger.allocations) {
      if (line.instalmentNo !== row.instalmentNo) continue;
      if (line.kind === 'LATE_CHARGE') lateChargesPaidSen += line.amountSen;
      else {
        if (line.kind === 'INTEREST') paidInterestSen += line.amountSen;
        else paidPrincipalSen += line.amountSen;
        if (lastPaid === null || compareDates(line.businessDate, lastPaid) > 0) {
          lastPaid = line.businessDate;
        }
      }
    }
    const lateChargesSen = ledger.accruals
      .filter((accrual) => accrual.instalmentNo === row.instalmentNo)
      .reduce((sum, accrual) => sum + accrual.amountSen, 0);
    const paidSen = paidInterestSen + paidPrincipalSen;
    const rebatedSen = (ledger.rebates ?? [])
      .filter((rebate) => rebate.instalmentNo === row.instalmentNo)
      .reduce((sum, rebate) => sum + rebate.amountSen, 0);
    const lateChargesWaivedSen = (ledger.waivers ?? [])
      .filter((waiver) => waiver.instalmentNo === row.instalmentNo)
      .reduce((sum, waiver) => sum + waiver.amountSen, 0);
    const unpaidSen = row.instalmentSen - paidSen - rebatedSen;
    // A rebate is interest not charged: it comes off the interest first.
    const owedInterestSen = Math.max(0, row.interestSen - paidInterestSen - rebatedSen);
    if (unpaidSen < 0 || lateChargesPaidSen + lateChargesWaivedSen > lateChargesSen) {
      throw new RangeError(`instalment ${row.instalmentNo} is paid beyond what it owes`);
    }
    const after = compareDates(asOf, row.dueDate);
    const state: InstalmentState =
      unpaidSen === 0
        ? 'PAID'
        : after > 0
          ? 'OVERDUE'
          : after === 0
            ? 'DUE'
            : paidSen > 0
              ? 'PARTLY_PAID'
              : 'UNPAID';
    return {
      ...row,
      paidInterestSen,
      paidPrincipalSen,
      paidSen,
      rebatedSen,
      unpaidSen,
      owedInterestSen,
      owedPrincipalSen: unpaidSen - owedInterestSen,
      lateChargesSen,
      lateChargesPaidSen,
      lateChargesWaivedSen,
      lateChargesUnpaidSen: lateChargesSen - lateChargesPaidSen - lateChargesWaivedSen,
      state,
      daysOverdue: unpaidSen > 0 ? daysInDefault(row.dueDate, asOf) : 0,
      paidOn: unpaidSen === 0 ? lastPaid : null,
    };
  });
}

/** The instalment being paid for now: the first with something unpaid due on `asOf` or later. */
export function currentInstalment(
  positions: readonly InstalmentPosition[],
  asOf: IsoDate,
): InstalmentPosition | undefined {
  return positions.find(
    (position) => position.unpaidSen > 0 && compareDates(position.dueDate, asOf) >= 0,
  );
}

export interface AmountDue {
  /** overdue + late charges + current instalment - credit, never below zero. */
  dueNowSen: Sen;
  overdueSen: Sen;
  lateChargesSen: Sen;
  currentInstalmentSen: Sen;
}

/** What is due on `asOf`: instalments past their due date, late charges, and the current ones. */
export function amountDue(
  positions: readonly InstalmentPosition[],
  creditSen: Sen,
  asOf: IsoDate,
): AmountDue {
  const overdueSen = positions
    .filter((position) => compareDates(position.dueDate, asOf) < 0)
    .reduce((sum, position) => sum + position.unpaidSen, 0);
  const lateChargesSen = positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0);
  // Every instalment sharing the current one's due date: after termination the whole balance
  // falls due on one day, each instalment still its own row.
  const current = currentInstalment(positions, asOf);
  const currentInstalmentSen = current
    ? positions
        .filter((position) => position.dueDate === current.dueDate)
        .reduce((sum, position) => sum + position.unpaidSen, 0)
    : 0;
  return {
    dueNowSen: Math.max(0, overdueSen + lateChargesSen + currentInstalmentSen - creditSen),
    overdueSen,
    lateChargesSen,
    currentInstalmentSen,
  };
}

export interface Allocation {
  lines: Omit<AllocationLine, 'businessDate'>[];
  /** What is left once everything payable is paid: kept as credit. */
  leftSen: Sen;
}

/**
 * Allocates money (DOMAIN.md "Money after signing"): late charges first, oldest instalment first;
 * then the instalments oldest first, each its interest before its principal. Payable are the
 * instalments due before `asOf` and, for a payment (`includeCurrent`), the current instalment,
 * and every later one when the payment covers them all; credit is only used on instalments that
 * have fallen due (on or before `asOf`).
 */
export function allocate(
  positions: readonly InstalmentPosition[],
  amountSen: Sen,
  asOf: IsoDate,
  includeCurrent: boolean,
): Allocation {
  assertSen(amountSen, 'amount');
  if (amountSen < 0) throw new RangeError('amount must not be negative');
  const lines: Allocation['lines'] = [];
  let left = amountSen;
  const take = (instalmentNo: number, kind: PaidKind, owed: Sen) => {
    const amount = Math.min(left, owed);
    if (amount <= 0) return;
    lines.push({ instalmentNo, kind, amountSen: amount });
    left -= amount;
  };
  for (const position of positions) {
    take(position.instalmentNo, 'LATE_CHARGE', position.lateChargesUnpaidSen);
  }
  const current = includeCurrent ? currentInstalment(positions, asOf) : undefined;
  const later: InstalmentPosition[] = [];
  for (const position of positions) {
    const due = includeCurrent
      ? compareDates(position.dueDate, asOf) < 0 || position === current
      : compareDates(position.dueDate, asOf) <= 0;
    if (!due) {
      later.push(position);
      continue;
    }
    take(position.instalmentNo, 'INTEREST', position.owedInterestSen);
    take(position.instalmentNo, 'PRINCIPAL', position.owedPrincipalSen);
  }
  // A payment that covers every instalment still to come pays them all (the loan is paid in
  // full); less than that is kept as credit for the instalments as they fall due.
  const rest = later.reduce((sum, position) => sum + position.unpaidSen, 0);
  if (includeCurrent && rest > 0 && left >= rest) {
    for (const position of later) {
      take(position.instalmentNo, 'INTEREST', position.owedInterestSen);
      take(position.instalmentNo, 'PRINCIPAL', position.owedPrincipalSen);
    }
  }
  return { lines, leftSen: left };
}

/**
 * The late charge of the `n`-th day in default on an unpaid instalment `overdueSen`: the domain's
 * charge for n days less the one for n - 1 days, so a constant unpaid amount is charged exactly
 * `lateCharge(S, D)` over D days, and a part payment lowers the charge from the next day on.
 * Never charged on late charges.
 */
export function lateChargeOfDay(
  overdueSen: Sen,
  dueDate: IsoDate,
  day: IsoDate,
  annualRateBp?: BasisPoints,
): Sen {
  const days = daysInDefault(dueDate, day);
  if (days <= 0 || overdueSen <= 0) return 0;
  const rate = annualRateBp === undefined ? {} : { annualRateBp };
  return lateChargeToAccrue({
    overdueSen,
    dueDate,
    asOf: day,
    alreadyChargedSen: lateCharge({ overdueSen, daysOverdue: days - 1, ...rate }),
    ...rate,
  });
}

export interface CatchUp {
  /** Late charge days not yet on the books, up to and including `asOf`. */
  accruals: LateChargeDay[];
  /** Credit used on instalments as they fell due (and their late charges). */
  creditUsed: AllocationLine[];
  creditSen: Sen;
  /** The ledger with both added. */
  ledger: AccountLedger;
}

/**
 * Brings an account up to `asOf`, day by day from the first day with work left: on each day,
 * credit is used on what has fallen due, then each instalment still unpaid after its due date is
 * charged that day's late charge (once: a day already on the books is skipped). Running it again
 * adds nothing; days missed are caught up with the unpaid amount of those days, which is today's
 * since every payment brings the account up to date before it is applied.
 */
export function catchUp(ledger: AccountLedger, asOf: IsoDate): CatchUp {
  const lastCharged = new Map<number, IsoDate>();
  for (const accrual of ledger.accruals) {
    const last = lastCharged.get(accrual.instalmentNo);
    if (!last || compareDates(accrual.day, last) > 0) {
      lastCharged.set(accrual.instalmentNo, accrual.day);
    }
  }
  let current: AccountLedger = ledger;
  const accruals: LateChargeDay[] = [];
  const creditUsed: AllocationLine[] = [];
  const unpaid = instalmentPositions(ledger, asOf).filter(
    (position) => position.unpaidSen > 0 && compareDates(position.dueDate, asOf) <= 0,
  );
  if (unpaid.length === 0) return { accruals, creditUsed, creditSen: ledger.creditSen, ledger };
  // From the due date itself (credit is used on it), or the day after the last one charged.
  let day = unpaid
    .map((position) => {
      const last = lastCharged.get(position.instalmentNo);
      return last ? addDays(last, 1) : position.dueDate;
    })
    .reduce((earliest, candidate) =>
      compareDates(candidate, earliest) < 0 ? candidate : earliest,
    );
  for (; compareDates(day, asOf) <= 0; day = addDays(day, 1)) {
    let positions = instalmentPositions(current, day);
    if (current.creditSen > 0) {
      const used = allocate(positions, current.creditSen, day, false);
      if (used.lines.length > 0) {
        const lines = used.lines.map((line) => ({ ...line, businessDate: day }));
        creditUsed.push(...lines);
        current = {
          ...current,
          allocations: [...current.allocations, ...lines],
          creditSen: used.leftSen,
        };
        positions = instalmentPositions(current, day);
      }
    }
    const charged: LateChargeDay[] = [];
    for (const position of positions) {
      if (position.unpaidSen <= 0 || compareDates(position.dueDate, day) >= 0) continue;
      const last = lastCharged.get(position.instalmentNo);
      if (last && compareDates(day, last) <= 0) continue;
      charged.push({
        instalmentNo: position.instalmentNo,
        day,
        daysInDefault: daysInDefault(position.dueDate, day),
        overdueSen: position.unpaidSen,
        amountSen: lateChargeOfDay(
          position.unpaidSen,
          position.dueDate,
          day,
          current.lateChargeAnnualRateBp,
        ),
      });
      lastCharged.set(position.instalmentNo, day);
    }
    if (charged.length > 0) {
      accruals.push(...charged);
      current = { ...current, accruals: [...current.accruals, ...charged] };
    }
  }
  return { accruals, creditUsed, creditSen: current.creditSen, ledger: current };
}

/** The books of an early settlement: interest not charged, and interest paid ahead moved on. */
export interface SettlementBooking {
  /** Interest not charged, per instalment: in all, the settlement's interest forgone. */
  rebates: { instalmentNo: number; amountSen: Sen }[];
  /**
   * Interest paid ahead of its accrual, taken off the interest it was booked to (negative
   * INTEREST lines) and put on principal still owed (PRINCIPAL lines): they add up to zero.
   */
  reclassified: { instalmentNo: number; kind: 'INTEREST' | 'PRINCIPAL'; amountSen: Sen }[];
}

/**
 * Early settlement (DOMAIN.md: never Rule of 78): the interest the settlement does not charge
 * (`interestForgoneSen` of `earlySettlement`) is taken off the interest still owed, latest
 * instalment first (the periods that have not run). Interest paid ahead of its accrual (an
 * instalment paid before its period ended) was principal, as the settlement amount counts it: it
 * is moved from the interest it was booked to onto the principal still owed (latest first), and
 * that interest too is not charged. So the books of a settled loan read principal received =
 * principal lent and interest received = interest charged, and what is left to pay is exactly
 * the settlement amount. Principal is never forgiven.
 */
export function settlementBooking(
  positions: readonly InstalmentPosition[],
  interestForgoneSen: Sen,
): SettlementBooking {
  assertSen(interestForgoneSen, 'interest forgone');
  const rebated = new Map<number, Sen>();
  const rebate = (instalmentNo: number, amountSen: Sen) =>
    rebated.set(instalmentNo, (rebated.get(instalmentNo) ?? 0) + amountSen);
  const latestFirst = [...positions].reverse();
  let left = interestForgoneSen;
  for (const position of latestFirst) {
    const amountSen = Math.min(left, position.owedInterestSen);
    if (amountSen <= 0) continue;
    rebate(position.instalmentNo, amountSen);
    left -= amountSen;
  }
  // What is left was paid as interest before it accrued.
  const ahead = left;
  const reclassified: SettlementBooking['reclassified'] = [];
  for (const position of latestFirst) {
    const amountSen = Math.min(left, position.paidInterestSen);
    if (amountSen <= 0) continue;
    reclassified.push({
      instalmentNo: position.instalmentNo,
      kind: 'INTEREST',
      amountSen: -amountSen,
    });
    rebate(position.instalmentNo, amountSen);
    left -= amountSen;
  }
  if (left > 0) throw new RangeError('the interest forgone is more than the interest booked');
  left = ahead;
  for (const position of latestFirst) {
    const amountSen = Math.min(left, position.owedPrincipalSen);
    if (amountSen <= 0) continue;
    reclassified.push({ instalmentNo: position.instalmentNo, kind: 'PRINCIPAL', amountSen });
    left -= amountSen;
  }
  if (left > 0) throw new RangeError('interest paid ahead is more than the principal owed');
  return {
    rebates: positions
      .filter((position) => rebated.has(position.instalmentNo))
      .map((position) => ({
        instalmentNo: position.instalmentNo,
        amountSen: rebated.get(position.instalmentNo)!,
      })),
    reclassified,
  };
}

/**
 * A late charge waiver set against the late charges still unpaid, oldest instalment first (as a
 * payment would pay them). Refused (RangeError) beyond what is unpaid: a waiver never becomes
 * credit, and never touches an instalment's interest or principal.
 */
export function allocateWaiver(
  positions: readonly InstalmentPosition[],
  amountSen: Sen,
): { instalmentNo: number; amountSen: Sen }[] {
  assertSen(amountSen, 'waiver');
  if (amountSen <= 0) throw new RangeError('a waiver is a positive amount');
  const unpaid = positions.reduce((sum, position) => sum + position.lateChargesUnpaidSen, 0);
  if (amountSen > unpaid) throw new RangeError('a waiver may not exceed the late charges unpaid');
  const lines: { instalmentNo: number; amountSen: Sen }[] = [];
  let left = amountSen;
  for (const position of positions) {
    if (left === 0) break;
    const take = Math.min(left, position.lateChargesUnpaidSen);
    if (take <= 0) continue;
    lines.push({ instalmentNo: position.instalmentNo, amountSen: take });
    left -= take;
  }
  return lines;
}

import type { Sen } from '../money/money';
import { isSen } from '../money/money';

export interface LoanLimits {
  minAmountSen: Sen;
  maxAmountSen: Sen;
  minTenureMonths: number;
  maxTenureMonths: number;
}

/** RM5,000 to RM50,000 over 6 to 24 months, unless product settings say otherwise. */
export const DEFAULT_LOAN_LIMITS: Readonly<LoanLimits> = {
  minAmountSen: 500_000,
  maxAmountSen: 5_000_000,
  minTenureMonths: 6,
  maxTenureMonths: 24,
};

export type LimitCheck =
  | { ok: true }
  | { ok: false; reason: 'notWhole' }
  | { ok: false; reason: 'belowMinimum' | 'aboveMaximum'; limit: number };

export function checkLoanAmount(
  amountSen: Sen,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): LimitCheck {
  if (!isSen(amountSen)) return { ok: false, reason: 'notWhole' };
  if (amountSen < limits.minAmountSen)
    return { ok: false, reason: 'belowMinimum', limit: limits.minAmountSen };
  if (amountSen > limits.maxAmountSen)
    return { ok: false, reason: 'aboveMaximum', limit: limits.maxAmountSen };
  return { ok: true };
}

export function checkTenure(
  tenureMonths: number,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): LimitCheck {
  if (!Number.isSafeInteger(tenureMonths)) return { ok: false, reason: 'notWhole' };
  if (tenureMonths < limits.minTenureMonths) {
    return { ok: false, reason: 'belowMinimum', limit: limits.minTenureMonths };
  }
  if (tenureMonths > limits.maxTenureMonths) {
    return { ok: false, reason: 'aboveMaximum', limit: limits.maxTenureMonths };
  }
  return { ok: true };
}

/** The tenures a borrower may choose, for a drop-down. */
export function tenureChoices(limits: LoanLimits = DEFAULT_LOAN_LIMITS): number[] {
  const count = Math.max(0, limits.maxTenureMonths - limits.minTenureMonths + 1);
  return Array.from({ length: count }, (_, i) => limits.minTenureMonths + i);
}

import type { BasisPoints, Sen } from '../money/money';
import { assertBasisPoints, assertSen, divideRoundHalfUp, senFromBigInt } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { compareDates } from '../time/calendar-date';
import type { ApprovedLoanSummary } from './fees';
import { type AccountLedger, instalmentPositions } from './repayment-ledger';

/**
 * The general ledger's view of loans (DOMAIN.md, Ledger): what a payout books, and what a loan
 * account has put on the books so far, as running totals. The ledger posts the change in these
 * totals with each money event, so the journal and the account's own books cannot drift apart.
 */

/** Service tax on the attestation fee, which the fee includes (8% since March 2024). */
export const ATTESTATION_SERVICE_TAX_BP: BasisPoints = 800;

/**
 * The service tax inside a tax-inclusive fee: fee - fee / (1 + rate), the fee net of tax rounded
 * half up to the sen, so net + tax is the fee exactly.
 */
export function serviceTaxIncluded(
  feeSen: Sen,
  rateBp: BasisPoints = ATTESTATION_SERVICE_TAX_BP,
): { netSen: Sen; taxSen: Sen } {
  assertSen(feeSen, 'fee');
  assertBasisPoints(rateBp);
  if (feeSen < 0) throw new RangeError('fee must not be negative');
  const netSen = senFromBigInt(
    divideRoundHalfUp(BigInt(feeSen) * 10_000n, 10_000n + BigInt(rateBp)),
  );
  return { netSen, taxSen: feeSen - netSen };
}

/** What a payout books: the principal lent, against the money sent and each fee kept back. */
export interface PayoutFigures {
  principalSen: Sen;
  /** Sent to the borrower's bank account. */
  netPaidSen: Sen;
  /** The attestation fee net of its service tax (income when the lender keeps the fee). */
  attestationFeeNetSen: Sen;
  attestationServiceTaxSen: Sen;
  /** The part of the fees a referral took off: borne by the lender. */
  referralWaiverSen: Sen;
  /** Held for the stamp office until paid over. */
  stampDutySen: Sen;
  /** Owed to the insurer: the total premium less the commission kept. */
  premiumPayableSen: Sen;
  /** The commission on the gross premium, income of the lender. */
  commissionSen: Sen;
}

/** The payout's booking from the approved loan's own figures; debits equal credits exactly. */
export function payoutFigures(
  offer: Pick<
    ApprovedLoanSummary,
    | 'approvedSen'
    | 'netReceivedSen'
    | 'attestationFeeSen'
    | 'referralWaiverSen'
    | 'stampDutySen'
    | 'loanProtection'
  >,
  serviceTaxBp: BasisPoints = ATTESTATION_SERVICE_TAX_BP,
): PayoutFigures {
  const fee = serviceTaxIncluded(offer.attestationFeeSen, serviceTaxBp);
  const deducted = offer.loanProtection?.deducted ? offer.loanProtection : null;
  const figures: PayoutFigures = {
    principalSen: offer.approvedSen,
    netPaidSen: offer.netReceivedSen,
    attestationFeeNetSen: fee.netSen,
    attestationServiceTaxSen: fee.taxSen,
    referralWaiverSen: offer.referralWaiverSen,
    stampDutySen: offer.stampDutySen,
    premiumPayableSen: deducted ? deducted.totalPremiumSen - deducted.agentCommissionSen : 0,
    commissionSen: deducted ? deducted.agentCommissionSen : 0,
  };
  const credits =
    figures.netPaidSen +
    figures.attestationFeeNetSen +
    figures.attestationServiceTaxSen +
    figures.stampDutySen +
    figures.premiumPayableSen +
    figures.commissionSen;
  if (credits !== figures.principalSen + figures.referralWaiverSen) {
    throw new RangeError('the payout figures do not add up to the principal');
  }
  return figures;
}

/** A loan account's running totals in the ledger's terms, each never negative but credit's own. */
export interface LoanBookFigures {
  principalLentSen: Sen;
  /** Interest of instalments fallen due (all of it once the loan closed), less interest not
   *  charged on early settlement or termination. */
  interestChargedSen: Sen;
  lateChargedSen: Sen;
  lateWaivedSen: Sen;
  principalPaidSen: Sen;
  interestPaidSen: Sen;
  latePaidSen: Sen;
  /** Money kept for the borrower (a liability). */
  creditSen: Sen;
  writtenOffPrincipalSen: Sen;
  writtenOffInterestSen: Sen;
  writtenOffLateSen: Sen;
}

export const LOAN_BOOK_FIGURES = [
  'principalLentSen',
  'interestChargedSen',
  'lateChargedSen',
  'lateWaivedSen',
  'principalPaidSen',
  'interestPaidSen',
  'latePaidSen',
  'creditSen',
  'writtenOffPrincipalSen',
  'writtenOffInterestSen',
  'writtenOffLateSen',
] as const satisfies readonly (keyof LoanBookFigures)[];

export interface LoanBookInput {
  ledger: AccountLedger;
  asOf: IsoDate;
  principalSen: Sen;
  /** Closed: every instalment's charged interest is earned, due or not (paid ahead). */
  closed: boolean;
  /** Written off: interest stops falling due that day and what is owed moves to expense. */
  writtenOffOn: IsoDate | null;
}

/** The account's running totals on `asOf`, from the domain's own positions of its instalments. */
export function loanBookFigures(input: LoanBookInput): LoanBookFigures {
  const { ledger, asOf, principalSen, closed, writtenOffOn } = input;
  const recognisedTo = writtenOffOn && compareDates(writtenOffOn, asOf) < 0 ? writtenOffOn : asOf;
  const positions = instalmentPositions(ledger, asOf);
  let interestChargedSen = 0;
  let lateChargedSen = 0;
  let lateWaivedSen = 0;
  let principalPaidSen = 0;
  let interestPaidSen = 0;
  let latePaidSen = 0;
  for (const p of positions) {
    if (closed || compareDates(p.dueDate, recognisedTo) <= 0 || p.rebatedSen > 0) {
      interestChargedSen += p.interestSen - p.rebatedSen;
    }
    lateChargedSen += p.lateChargesSen;
    lateWaivedSen += p.lateChargesWaivedSen;
    latePaidSen += p.lateChargesPaidSen;
    principalPaidSen += p.paidPrincipalSen;
    interestPaidSen += p.paidInterestSen;
  }
  const writtenOff = writtenOffOn !== null;
  return {
    principalLentSen: principalSen,
    interestChargedSen,
    lateChargedSen,
    lateWaivedSen,
    principalPaidSen,
    interestPaidSen,
    latePaidSen,
    creditSen: ledger.creditSen,
    writtenOffPrincipalSen: writtenOff ? principalSen - principalPaidSen : 0,
    writtenOffInterestSen: writtenOff ? interestChargedSen - interestPaidSen : 0,
    writtenOffLateSen: writtenOff ? lateChargedSen - latePaidSen - lateWaivedSen : 0,
  };
}

// What a document is filled from: the agreement record, its parties, and the domain engine's
// figures, collected once so every page reads the same numbers.
import type { IsoDate, Sen } from '@lending/domain';

import type { LenderParticulars } from './lender';

export type ScheduleForm = 'J' | 'K';

export interface Party {
  name: string;
  /** "No. K/P / NRIC" or "No. Pendaftaran / Registration No." */
  idLabelMs: string;
  idLabelEn: string;
  idNo: string;
  addressLines: string[];
}

export interface AgreementFacts {
  form: ScheduleForm;
  agreementNo: string;
  agreementDate: IsoDate;
  lender: LenderParticulars;
  borrower: Party;
  /** The person who signs for the borrower (the applicant). */
  signatory: { name: string; idNo: string } | null;
  principalSen: Sen;
  annualRateBp: number;
  /** The late payment interest rate a year, a term fixed when the agreement was made. */
  lateChargeRateBp: number;
  tenureMonths: number;
  monthlyInstalmentSen: Sen;
  lastInstalmentSen: Sen;
  totalInterestSen: Sen;
  totalRepayableSen: Sen;
  stampDutySen: Sen;
  attestationFeeSen: Sen;
  referralWaiverSen: Sen;
  loanProtection: {
    grossPremiumSen: Sen;
    serviceTaxSen: Sen;
    totalPremiumSen: Sen;
    deducted: boolean;
  } | null;
  netReceivedSen: Sen;
  effectiveAnnualRateBp: number;
  firstRepaymentDate: IsoDate;
  /** Day of the month instalments fall due (the end of a shorter month when it has none). */
  repaymentDay: number;
  instalments: { number: number; dueDate: IsoDate; amountSen: Sen }[];
  /** Schedule K only. */
  security: { particulars: string; valueSen: Sen | null } | null;
  verificationUrl: string;
}

import type { PublishedFigures } from '@lending/contracts';
import {
  applyRate,
  attestationFee,
  DEFAULT_FEE_SETTINGS,
  instalmentSchedule,
  lateCharge,
  stampDuty,
} from '@lending/domain';

import { percentOf } from '../company/use-published-figures';

/** The help copy's worked examples: RM10,000 unsecured over 12 months, paid 10 days late, and a
 *  RM200 protection premium. */
const EXAMPLE_PRINCIPAL_SEN = 1_000_000;
const EXAMPLE_TENURE_MONTHS = 12;
const EXAMPLE_DAYS_LATE = 10;
const EXAMPLE_PREMIUM_SEN = 20_000;

/** How the help copy writes ringgit: RM1,680 when whole, RM973.33 otherwise. */
export function ringgitInProse(sen: number): string {
  const whole = Math.trunc(sen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = sen % 100;
  return cents === 0 ? `RM${whole}` : `RM${whole}.${String(cents).padStart(2, '0')}`;
}

/** Every figure the help copy quotes, worked out from the published rates and fees by the same
 *  rules an offer uses. */
export function publishedFigureValues({ rates, fees }: PublishedFigures): Record<string, string> {
  const schedule = instalmentSchedule({
    principalSen: EXAMPLE_PRINCIPAL_SEN,
    tenureMonths: EXAMPLE_TENURE_MONTHS,
    annualRateBp: rates.unsecuredAnnualRateBp,
  });
  const feeSettings = { ...DEFAULT_FEE_SETTINGS, ...fees };
  const attestation = attestationFee(EXAMPLE_PRINCIPAL_SEN, 'UNSECURED', feeSettings);
  const duty = stampDuty(EXAMPLE_PRINCIPAL_SEN, feeSettings);
  return {
    securedRate: percentOf(rates.securedAnnualRateBp),
    unsecuredRate: percentOf(rates.unsecuredAnnualRateBp),
    lateChargeRate: percentOf(rates.lateChargeAnnualRateBp),
    attestationSecured: percentOf(fees.attestationFeeSecuredBp),
    attestationUnsecured: percentOf(fees.attestationFeeUnsecuredBp),
    stampDutyPerThousand: ringgitInProse(fees.stampDutySenPerThousand),
    serviceTaxRate: percentOf(fees.loanProtectionServiceTaxBp),
    exampleInterest: ringgitInProse(schedule.totalInterestSen),
    exampleTotal: ringgitInProse(schedule.totalRepayableSen),
    exampleInstalment: ringgitInProse(schedule.monthlyInstalmentSen),
    exampleLastInstalment: ringgitInProse(schedule.lastInstalmentSen),
    exampleAttestationFee: ringgitInProse(attestation),
    exampleStampDuty: ringgitInProse(duty),
    exampleNet: ringgitInProse(EXAMPLE_PRINCIPAL_SEN - attestation - duty),
    exampleLateCharge: ringgitInProse(
      lateCharge({
        overdueSen: schedule.monthlyInstalmentSen,
        daysOverdue: EXAMPLE_DAYS_LATE,
        annualRateBp: rates.lateChargeAnnualRateBp,
      }),
    ),
    exampleServiceTax: ringgitInProse(
      applyRate(EXAMPLE_PREMIUM_SEN, fees.loanProtectionServiceTaxBp),
    ),
  };
}

/** The names the copy interpolates figures under, for the copy shown before they are known. */
export const FIGURE_NAMES = [
  'securedRate',
  'unsecuredRate',
  'lateChargeRate',
  'attestationSecured',
  'attestationUnsecured',
  'stampDutyPerThousand',
  'serviceTaxRate',
  'exampleInterest',
  'exampleTotal',
  'exampleInstalment',
  'exampleLastInstalment',
  'exampleAttestationFee',
  'exampleStampDuty',
  'exampleNet',
  'exampleLateCharge',
  'exampleServiceTax',
] as const;

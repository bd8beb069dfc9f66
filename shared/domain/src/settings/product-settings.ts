import { isValidCaseBucketStarts } from '../collection/collection-case';
import { isValidContactRules } from '../collection/contact-rules';
import type { ApprovalBand } from '../decisions/approval-levels';
import { DEFAULT_APPROVAL_BANDS, MAX_APPROVAL_LEVELS } from '../decisions/approval-levels';
import type { BanSettings } from '../decisions/ban';
import { DEFAULT_BAN_SETTINGS } from '../decisions/ban';
import type { CollectionSettings } from '../loan/collections';
import { DEFAULT_COLLECTION_SETTINGS, isValidReminderDaysBefore } from '../loan/collections';
import type { FeeSettings, InterestCaps, LoanProtectionRate, LoanSecurity } from '../loan/fees';
import { DEFAULT_FEE_SETTINGS, DEFAULT_INTEREST_CAPS, interestCapFor } from '../loan/fees';
import { SIMULATOR_MONTHLY_RATE_BP } from '../loan/flat-rate';
import { DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP } from '../loan/late-charge';
import type { LoanLimits } from '../loan/limits';
import { DEFAULT_LOAN_LIMITS } from '../loan/limits';
import type { RepaymentSettings } from '../loan/repayment-schedule';
import { DEFAULT_REPAYMENT_SETTINGS, isValidFirstDueMonths } from '../loan/repayment-schedule';
import type { BasisPoints } from '../money/money';
import { BASIS_POINTS_PER_UNIT } from '../money/money';
import type { DirectDebitSettings } from '../payments/direct-debit';
import {
  DEFAULT_DIRECT_DEBIT_SETTINGS,
  isValidDirectDebitSettings,
} from '../payments/direct-debit';
import { isIsoDate } from '../time/calendar-date';
import type { OfficeHours } from '../time/office-slots';
import { DEFAULT_OFFICE_HOURS, minutesOfClockTime } from '../time/office-slots';

export interface ProductRates {
  securedAnnualRateBp: BasisPoints;
  unsecuredAnnualRateBp: BasisPoints;
  /** The public simulator's flat rate per month. */
  simulatorMonthlyRateBp: BasisPoints;
  lateChargeAnnualRateBp: BasisPoints;
}

/** 12% a year secured, 16.8% unsecured; 1.5% a month on the simulator; 8% a year late. */
export const DEFAULT_PRODUCT_RATES: Readonly<ProductRates> = {
  securedAnnualRateBp: 1200,
  unsecuredAnnualRateBp: 1680,
  simulatorMonthlyRateBp: SIMULATOR_MONTHLY_RATE_BP,
  lateChargeAnnualRateBp: DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP,
};

/**
 * Everything about the product that changes without a deploy. Each change makes a new version;
 * an offer records the version it was made with, so its terms can always be explained.
 */
export interface ProductSettings {
  version: number;
  rates: ProductRates;
  /** Stamp duty per RM1,000, attestation fees and the loan protection tax and commission. */
  fees: FeeSettings;
  limits: LoanLimits;
  /** Loan protection rate by tenure; a tenure no row covers is sold without cover. */
  loanProtectionRates: readonly LoanProtectionRate[];
  bans: BanSettings;
  /** Approvals needed by amount, in ascending bands, the last open-ended. */
  approvalBands: readonly ApprovalBand[];
  officeHours: OfficeHours;
  /** When repayment starts; the domain's default (one month after disbursement) when absent. */
  repayment?: RepaymentSettings;
  /** How long documents of closed applications are kept; the default below when absent. */
  retention?: RetentionSettings;
  /** When reminders go out; the domain's default (3 days before a due date) when absent. */
  collections?: CollectionSettings;
  /** Direct debit retries; DEFAULT_DIRECT_DEBIT_SETTINGS when absent. */
  directDebit?: DirectDebitSettings;
  /** Who approves bank-in slips; DEFAULT_BANK_IN_SLIP_SETTINGS when absent. */
  bankInSlips?: BankInSlipSettings;
}

/**
 * A bank-in slip is money the borrower says they sent: staff check it against the bank account
 * before it is booked. Above this amount a second, different staff member confirms the approval
 * (four eyes where a mistake costs most); at or below it one suffices.
 */
export interface BankInSlipSettings {
  secondApprovalAboveSen: number;
}

/** RM 5,000: above a typical instalment, so routine slips need one check. */
export const DEFAULT_BANK_IN_SLIP_SETTINGS: Readonly<BankInSlipSettings> = {
  secondApprovalAboveSen: 500_000,
};

export function bankInSlipSecondApprovalAboveSen(settings: ProductSettings): number {
  return (settings.bankInSlips ?? DEFAULT_BANK_IN_SLIP_SETTINGS).secondApprovalAboveSen;
}

/**
 * PDPA's retention principle (s.10): personal data is kept no longer than its purpose needs. The
 * uploaded documents and eKYC images of an application that was rejected or cancelled serve no
 * loan; after this many days from its closing they are removed (the daily retention job). The
 * window leaves time for a complaint, an appeal or a regulator's question about the decision.
 */
export interface RetentionSettings {
  closedApplicationDocumentsDays: number;
}

export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;

export const DEFAULT_RETENTION_SETTINGS: Readonly<RetentionSettings> = {
  closedApplicationDocumentsDays: 365,
};

/** Days the documents of a closed (rejected or cancelled) application are kept. */
export function closedApplicationRetentionDays(settings: ProductSettings): number {
  return (settings.retention ?? DEFAULT_RETENTION_SETTINGS).closedApplicationDocumentsDays;
}

export function isValidRetentionDays(days: number): boolean {
  return Number.isSafeInteger(days) && days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX;
}

/**
 * Loan protection by tenure, in basis points of the sum covered. The spec offers the add-on to
 * every borrower, so a fresh install quotes cover across the whole default tenure range (6 to 24
 * months) rather than none; the insurer's own table replaces these rates in the settings.
 */
export const DEFAULT_LOAN_PROTECTION_RATES: readonly LoanProtectionRate[] = [
  { minTenureMonths: 6, maxTenureMonths: 12, rateBp: 100 },
  { minTenureMonths: 13, maxTenureMonths: 18, rateBp: 150 },
  { minTenureMonths: 19, maxTenureMonths: 24, rateBp: 200 },
];

export const DEFAULT_PRODUCT_SETTINGS: Readonly<ProductSettings> = {
  version: 1,
  rates: DEFAULT_PRODUCT_RATES,
  fees: DEFAULT_FEE_SETTINGS,
  limits: DEFAULT_LOAN_LIMITS,
  loanProtectionRates: DEFAULT_LOAN_PROTECTION_RATES,
  bans: DEFAULT_BAN_SETTINGS,
  approvalBands: DEFAULT_APPROVAL_BANDS,
  officeHours: DEFAULT_OFFICE_HOURS,
  repayment: DEFAULT_REPAYMENT_SETTINGS,
  retention: DEFAULT_RETENTION_SETTINGS,
  collections: DEFAULT_COLLECTION_SETTINGS,
  directDebit: DEFAULT_DIRECT_DEBIT_SETTINGS,
  bankInSlips: DEFAULT_BANK_IN_SLIP_SETTINGS,
};

export type SettingsProblemCode =
  | 'versionInvalid'
  | 'notWholeNumber'
  | 'rateNotPositive'
  | 'rateAboveCap'
  | 'shareAboveWhole'
  | 'minimumAboveMaximum'
  | 'loanProtectionBandsOverlap'
  | 'banMonthsNotPositive'
  | 'approvalBandsEmpty'
  | 'approvalBandsOverlap'
  | 'approvalBandsLeaveAmountsUncovered'
  | 'approvalLevelsInvalid'
  | 'clockTimeInvalid'
  | 'closesBeforeOpens'
  | 'slotMinutesInvalid'
  | 'holidayInvalid'
  | 'firstDueMonthsInvalid'
  | 'retentionDaysInvalid'
  | 'reminderDaysInvalid'
  | 'contactRulesInvalid'
  | 'caseBucketsInvalid'
  | 'directDebitInvalid'
  | 'bankInSlipLimitInvalid';

export interface SettingsProblem {
  code: SettingsProblemCode;
  /** Where in the settings, e.g. `limits.minAmountSen` or `approvalBands[1]`. */
  path: string;
}

const isWhole = (value: number) => Number.isSafeInteger(value) && value >= 0;

function checkWhole(values: Record<string, number>, prefix: string): SettingsProblem[] {
  return Object.entries(values)
    .filter(([, value]) => !isWhole(value))
    .map(([key]) => ({ code: 'notWholeNumber', path: `${prefix}.${key}` }));
}

function checkRates(rates: ProductRates, caps: InterestCaps): SettingsProblem[] {
  const problems = checkWhole({ ...rates }, 'rates');
  for (const [key, value] of Object.entries(rates)) {
    if (isWhole(value) && value === 0)
      problems.push({ code: 'rateNotPositive', path: `rates.${key}` });
  }
  const byType: [LoanSecurity, keyof ProductRates][] = [
    ['SECURED', 'securedAnnualRateBp'],
    ['UNSECURED', 'unsecuredAnnualRateBp'],
  ];
  for (const [security, key] of byType) {
    if (rates[key] > interestCapFor(security, caps)) {
      problems.push({ code: 'rateAboveCap', path: `rates.${key}` });
    }
  }
  return problems;
}

function checkFees(fees: FeeSettings): SettingsProblem[] {
  const { attestationFeeKeptByLender: _kept, ...amounts } = fees;
  const problems = checkWhole(amounts, 'fees');
  const shares = [
    'attestationFeeSecuredBp',
    'attestationFeeUnsecuredBp',
    'loanProtectionServiceTaxBp',
    'loanProtectionAgentCommissionBp',
  ] as const;
  for (const key of shares) {
    if (fees[key] > BASIS_POINTS_PER_UNIT) {
      problems.push({ code: 'shareAboveWhole', path: `fees.${key}` });
    }
  }
  return problems;
}

function checkLimits(limits: LoanLimits): SettingsProblem[] {
  const problems = checkWhole({ ...limits }, 'limits');
  if (limits.minAmountSen > limits.maxAmountSen) {
    problems.push({ code: 'minimumAboveMaximum', path: 'limits.minAmountSen' });
  }
  if (limits.minTenureMonths > limits.maxTenureMonths) {
    problems.push({ code: 'minimumAboveMaximum', path: 'limits.minTenureMonths' });
  }
  return problems;
}

function checkLoanProtection(rows: readonly LoanProtectionRate[]): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  rows.forEach((row, index) => {
    const path = `loanProtectionRates[${index}]`;
    problems.push(...checkWhole({ ...row }, path));
    if (row.minTenureMonths > row.maxTenureMonths) {
      problems.push({ code: 'minimumAboveMaximum', path });
    }
    const overlaps = rows
      .slice(0, index)
      .some(
        (earlier) =>
          row.minTenureMonths <= earlier.maxTenureMonths &&
          earlier.minTenureMonths <= row.maxTenureMonths,
      );
    if (overlaps) problems.push({ code: 'loanProtectionBandsOverlap', path });
  });
  return problems;
}

function checkBans(bans: BanSettings): SettingsProblem[] {
  return Object.entries(bans)
    .filter(([, months]) => !Number.isSafeInteger(months) || months <= 0)
    .map(([key]) => ({ code: 'banMonthsNotPositive', path: `bans.${key}` }));
}

function checkApprovalBands(bands: readonly ApprovalBand[], limits: LoanLimits): SettingsProblem[] {
  if (bands.length === 0) return [{ code: 'approvalBandsEmpty', path: 'approvalBands' }];
  const problems: SettingsProblem[] = [];
  bands.forEach((band, index) => {
    const path = `approvalBands[${index}]`;
    if (
      !Number.isSafeInteger(band.levels) ||
      band.levels < 1 ||
      band.levels > MAX_APPROVAL_LEVELS
    ) {
      problems.push({ code: 'approvalLevelsInvalid', path });
    }
    if (band.upToSen !== null && !isWhole(band.upToSen)) {
      problems.push({ code: 'notWholeNumber', path: `${path}.upToSen` });
    }
    const previous = bands[index - 1];
    // Bands ascend strictly and only the last may be open-ended, so each amount has one band.
    if (
      previous &&
      (previous.upToSen === null || (band.upToSen !== null && band.upToSen <= previous.upToSen))
    ) {
      problems.push({ code: 'approvalBandsOverlap', path });
    }
  });
  const last = bands.at(-1);
  if (last && last.upToSen !== null && last.upToSen < limits.maxAmountSen) {
    problems.push({ code: 'approvalBandsLeaveAmountsUncovered', path: 'approvalBands' });
  }
  return problems;
}

function checkOfficeHours(hours: OfficeHours): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const opensAt = minutesOfClockTime(hours.opensAt);
  const closesAt = minutesOfClockTime(hours.closesAt);
  if (opensAt === undefined)
    problems.push({ code: 'clockTimeInvalid', path: 'officeHours.opensAt' });
  if (closesAt === undefined) {
    problems.push({ code: 'clockTimeInvalid', path: 'officeHours.closesAt' });
  }
  if (opensAt !== undefined && closesAt !== undefined && closesAt <= opensAt) {
    problems.push({ code: 'closesBeforeOpens', path: 'officeHours.closesAt' });
  }
  const open = opensAt !== undefined && closesAt !== undefined ? closesAt - opensAt : 24 * 60;
  if (
    !Number.isSafeInteger(hours.slotMinutes) ||
    hours.slotMinutes <= 0 ||
    hours.slotMinutes > open
  ) {
    problems.push({ code: 'slotMinutesInvalid', path: 'officeHours.slotMinutes' });
  }
  hours.publicHolidays.forEach((date, index) => {
    if (!isIsoDate(date)) {
      problems.push({ code: 'holidayInvalid', path: `officeHours.publicHolidays[${index}]` });
    }
  });
  return problems;
}

/**
 * Every inconsistency in a set of product settings, each with a code and where it is; an empty
 * list means the settings may be saved. The rates are held to the s.17A caps of the law, which
 * are not a product setting.
 */
export function validateProductSettings(
  settings: ProductSettings,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): SettingsProblem[] {
  return [
    ...(Number.isSafeInteger(settings.version) && settings.version >= 1
      ? []
      : [{ code: 'versionInvalid' as const, path: 'version' }]),
    ...checkRates(settings.rates, caps),
    ...checkFees(settings.fees),
    ...checkLimits(settings.limits),
    ...checkLoanProtection(settings.loanProtectionRates),
    ...checkBans(settings.bans),
    ...checkApprovalBands(settings.approvalBands, settings.limits),
    ...checkOfficeHours(settings.officeHours),
    ...(settings.repayment &&
    !isValidFirstDueMonths(settings.repayment.firstDueMonthsAfterDisbursement)
      ? [
          {
            code: 'firstDueMonthsInvalid' as const,
            path: 'repayment.firstDueMonthsAfterDisbursement',
          },
        ]
      : []),
    ...(settings.retention &&
    !isValidRetentionDays(settings.retention.closedApplicationDocumentsDays)
      ? [
          {
            code: 'retentionDaysInvalid' as const,
            path: 'retention.closedApplicationDocumentsDays',
          },
        ]
      : []),
    ...(settings.collections && !isValidReminderDaysBefore(settings.collections.reminderDaysBefore)
      ? [{ code: 'reminderDaysInvalid' as const, path: 'collections.reminderDaysBefore' }]
      : []),
    ...(settings.collections?.contact && !isValidContactRules(settings.collections.contact)
      ? [{ code: 'contactRulesInvalid' as const, path: 'collections.contact' }]
      : []),
    ...(settings.collections?.caseBuckets &&
    !isValidCaseBucketStarts(settings.collections.caseBuckets)
      ? [{ code: 'caseBucketsInvalid' as const, path: 'collections.caseBuckets' }]
      : []),
    ...(settings.directDebit && !isValidDirectDebitSettings(settings.directDebit)
      ? [{ code: 'directDebitInvalid' as const, path: 'directDebit' }]
      : []),
    ...(settings.bankInSlips && !isWhole(settings.bankInSlips.secondApprovalAboveSen)
      ? [{ code: 'bankInSlipLimitInvalid' as const, path: 'bankInSlips.secondApprovalAboveSen' }]
      : []),
  ];
}

export type SettingsRevision =
  { ok: true; settings: ProductSettings } | { ok: false; problems: SettingsProblem[] };

/** The next version of the settings with `changes` applied, or every problem they would cause. */
export function reviseProductSettings(
  current: ProductSettings,
  changes: Partial<Omit<ProductSettings, 'version'>>,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): SettingsRevision {
  const settings = { ...current, ...changes, version: current.version + 1 };
  const problems = validateProductSettings(settings, caps);
  return problems.length === 0 ? { ok: true, settings } : { ok: false, problems };
}

/** The product's annual rate for a security type. */
export function productAnnualRate(rates: ProductRates, security: LoanSecurity): BasisPoints {
  return security === 'SECURED' ? rates.securedAnnualRateBp : rates.unsecuredAnnualRateBp;
}

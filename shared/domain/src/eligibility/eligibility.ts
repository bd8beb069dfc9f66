import { parseNric } from '../identity/nric';
import type { Sen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import {
  addDays,
  addMonths,
  compareDates,
  malaysiaDate,
  wholeYearsBetween,
} from '../time/calendar-date';

export interface EligibilityInput {
  isMalaysianCitizen: boolean;
  /** The applicant's MyKad number; when given, the age is read from its birth date. */
  nric?: string;
  /** The date of birth from the form, used only when no NRIC is given. */
  birthDate?: IsoDate;
  businessEstablishedDate: IsoDate;
  annualTurnoverSen: Sen;
  grossMonthlyIncomeSen: Sen;
  /** When the applicant's telecom postpaid account was opened; null when there is none. */
  telecomPostpaidSince?: IsoDate | null;
  /** The account as the telecom reports it at sign-in; when given, it decides the postpaid rule
   *  instead of `telecomPostpaidSince`. */
  telecomAccount?: TelecomAccountStanding | null;
}

export type TelecomAccountType = 'PREPAID' | 'POSTPAID';

/** What the telecom's identity service says of a subscriber's line. */
export interface TelecomAccountStanding {
  accountType: TelecomAccountType;
  /** Completed months on postpaid; null for a prepaid line. */
  postpaidTenureMonths: number | null;
}

export interface EligibilitySettings {
  minAge: number;
  maxAge: number;
  /** The business must be older than this. */
  minBusinessAgeMonths: number;
  /** Annual turnover must be above this. */
  minAnnualTurnoverSen: Sen;
  /** Gross monthly income must be at least this. */
  minGrossMonthlyIncomeSen: Sen;
  /** The postpaid account must be older than this. */
  minTelecomPostpaidMonths: number;
  /** Tenants whose applicants must also hold a telecom postpaid account. */
  telecomPostpaidTenants: readonly string[];
}

export const DEFAULT_ELIGIBILITY_SETTINGS: Readonly<EligibilitySettings> = {
  minAge: 20,
  maxAge: 65,
  minBusinessAgeMonths: 12,
  minAnnualTurnoverSen: 6_000_000,
  minGrossMonthlyIncomeSen: 150_000,
  minTelecomPostpaidMonths: 6,
  telecomPostpaidTenants: ['redcash'],
};

export type EligibilityRule =
  'citizen' | 'age' | 'businessAge' | 'annualTurnover' | 'grossMonthlyIncome' | 'telecomPostpaid';

export type EligibilityFailure =
  | 'notCitizen'
  | 'nricInvalid'
  | 'birthDateUnknown'
  | 'tooYoung'
  | 'tooOld'
  | 'businessTooNew'
  | 'turnoverTooLow'
  | 'incomeTooLow'
  | 'noTelecomPostpaid'
  | 'telecomPostpaidTooNew';

export type EligibilityOutcome =
  | { rule: EligibilityRule; pass: true }
  | { rule: EligibilityRule; pass: false; reason: EligibilityFailure };

export interface EligibilityResult {
  eligible: boolean;
  /** Every rule that applies to the tenant, in the order shown to the applicant. */
  rules: EligibilityOutcome[];
}

export interface EligibilityOptions {
  /** The moment of the check; ages are counted on its date in Malaysia. */
  today: Date;
  tenant: string;
  settings?: EligibilitySettings;
}

function outcome(
  rule: EligibilityRule,
  failure: EligibilityFailure | undefined,
): EligibilityOutcome {
  return failure ? { rule, pass: false, reason: failure } : { rule, pass: true };
}

/** Strictly more than `months` between `since` and `on`. */
function olderThan(since: IsoDate, months: number, on: IsoDate): boolean {
  return compareDates(addMonths(since, months), on) < 0;
}

/** The birth date the age rule counts from: the NRIC's when there is one. */
function birthDateOf(
  input: EligibilityInput,
): { birthDate: IsoDate } | { failure: EligibilityFailure } {
  if (input.nric !== undefined) {
    const parsed = parseNric(input.nric);
    return parsed.ok ? { birthDate: parsed.nric.birthDate } : { failure: 'nricInvalid' };
  }
  return input.birthDate ? { birthDate: input.birthDate } : { failure: 'birthDateUnknown' };
}

/** The age rule alone, for a known birth date: too young, too old, or undefined when within. */
export function ageRuleFailure(
  birthDate: IsoDate,
  on: IsoDate,
  settings: Pick<EligibilitySettings, 'minAge' | 'maxAge'> = DEFAULT_ELIGIBILITY_SETTINGS,
): 'tooYoung' | 'tooOld' | undefined {
  const age = wholeYearsBetween(birthDate, on);
  if (age < settings.minAge) return 'tooYoung';
  if (age > settings.maxAge) return 'tooOld';
  return undefined;
}

/** The first day a business established on `established` is old enough to borrow. */
export function businessEligibleFrom(
  established: IsoDate,
  settings: Pick<EligibilitySettings, 'minBusinessAgeMonths'> = DEFAULT_ELIGIBILITY_SETTINGS,
): IsoDate {
  return addDays(addMonths(established, settings.minBusinessAgeMonths), 1);
}

/** The business-age rule alone: 'businessTooNew' until the business is old enough. */
export function businessAgeRuleFailure(
  established: IsoDate,
  on: IsoDate,
  settings: Pick<EligibilitySettings, 'minBusinessAgeMonths'> = DEFAULT_ELIGIBILITY_SETTINGS,
): 'businessTooNew' | undefined {
  return olderThan(established, settings.minBusinessAgeMonths, on) ? undefined : 'businessTooNew';
}

/**
 * The postpaid rule from the telecom's own report. The telecom counts completed months, so a
 * tenure of exactly the minimum does not show the account is *older* than it (it may have turned
 * six months today): more than six months means at least seven completed. A prepaid line, or none,
 * fails whatever its age.
 */
export function telecomPostpaidRuleFailure(
  account: TelecomAccountStanding | null | undefined,
  settings: Pick<EligibilitySettings, 'minTelecomPostpaidMonths'> = DEFAULT_ELIGIBILITY_SETTINGS,
): 'noTelecomPostpaid' | 'telecomPostpaidTooNew' | undefined {
  if (!account || account.accountType !== 'POSTPAID') return 'noTelecomPostpaid';
  const months = account.postpaidTenureMonths;
  if (months === null || !Number.isInteger(months) || months < 0) return 'noTelecomPostpaid';
  return months > settings.minTelecomPostpaidMonths ? undefined : 'telecomPostpaidTooNew';
}

function postpaidSinceFailure(
  since: IsoDate | null | undefined,
  on: IsoDate,
  settings: EligibilitySettings,
): EligibilityFailure | undefined {
  if (!since) return 'noTelecomPostpaid';
  return olderThan(since, settings.minTelecomPostpaidMonths, on)
    ? undefined
    : 'telecomPostpaidTooNew';
}

function ageFailure(
  input: EligibilityInput,
  on: IsoDate,
  settings: EligibilitySettings,
): EligibilityFailure | undefined {
  const born = birthDateOf(input);
  if ('failure' in born) return born.failure;
  return ageRuleFailure(born.birthDate, on, settings);
}

/**
 * The eligibility rules: Malaysian citizen; aged 20 to 65 in completed years (from the NRIC, or
 * the date of birth when no NRIC is given); business older than one year; annual
 * turnover above RM60,000; gross monthly income at least RM1,500; and, for the tenants that ask
 * for it, a telecom postpaid account held for more than six months.
 */
export function checkEligibility(
  input: EligibilityInput,
  { today, tenant, settings = DEFAULT_ELIGIBILITY_SETTINGS }: EligibilityOptions,
): EligibilityResult {
  const on = malaysiaDate(today);
  const rules: EligibilityOutcome[] = [
    outcome('citizen', input.isMalaysianCitizen ? undefined : 'notCitizen'),
    outcome('age', ageFailure(input, on, settings)),
    outcome('businessAge', businessAgeRuleFailure(input.businessEstablishedDate, on, settings)),
    outcome(
      'annualTurnover',
      input.annualTurnoverSen > settings.minAnnualTurnoverSen ? undefined : 'turnoverTooLow',
    ),
    outcome(
      'grossMonthlyIncome',
      input.grossMonthlyIncomeSen >= settings.minGrossMonthlyIncomeSen ? undefined : 'incomeTooLow',
    ),
  ];
  if (settings.telecomPostpaidTenants.includes(tenant)) {
    rules.push(
      outcome(
        'telecomPostpaid',
        input.telecomAccount !== undefined
          ? telecomPostpaidRuleFailure(input.telecomAccount, settings)
          : postpaidSinceFailure(input.telecomPostpaidSince, on, settings),
      ),
    );
  }
  return { eligible: rules.every((rule) => rule.pass), rules };
}

import {
  bankInSlipSecondApprovalAboveSen,
  closedApplicationRetentionDays,
  DEFAULT_CASE_BUCKET_STARTS,
  DEFAULT_COLLECTION_SETTINGS,
  DEFAULT_CONTACT_RULES,
  DEFAULT_DIRECT_DEBIT_SETTINGS,
  DEFAULT_REPAYMENT_SETTINGS,
  parseRinggit,
  type ProductSettings,
  senToRinggitString,
  type SettingsProblem,
  validateProductSettings,
} from '@lending/domain';

import { percentToBp } from '../decisions/decisions-api';

/** The settings as the form edits them: text as typed, money in ringgit, rates in percent. */
export interface SettingsValues {
  securedRate: string;
  unsecuredRate: string;
  simulatorMonthlyRate: string;
  lateChargeRate: string;
  stampDutyPerThousand: string;
  attestationSecured: string;
  attestationUnsecured: string;
  attestationKeptByLender: 'yes' | 'no';
  protectionServiceTax: string;
  protectionCommission: string;
  minAmount: string;
  maxAmount: string;
  minTenure: string;
  maxTenure: string;
  rejectionBanMonths: string;
  temporaryBanMonths: string;
  approvalBands: { upTo: string; levels: string }[];
  protectionRates: { minTenure: string; maxTenure: string; rate: string }[];
  opensAt: string;
  closesAt: string;
  slotMinutes: string;
  publicHolidays: string;
  firstDueMonths: string;
  retentionDays: string;
  reminderDays: string;
  contactFrom: string;
  contactUntil: string;
  contactsPerDay: string;
  bucketMiddle: string;
  bucketLate: string;
  bucketSevere: string;
  directDebitRetries: string;
  directDebitRetryDays: string;
  bankInSlipSecondApproval: string;
}

const percent = (bp: number) => (bp / 100).toFixed(2);
const ringgit = (sen: number) => senToRinggitString(sen);

/** The contact rules and case buckets, left out while they are the domain's defaults (the
 *  settings then read as they were filled from). */
function collectionRulesOf(values: SettingsValues, whole: (key: string, text: string) => number) {
  const contact = {
    from: values.contactFrom.trim(),
    until: values.contactUntil.trim(),
    perChannelPerDay: whole('contactsPerDay', values.contactsPerDay),
  };
  const caseBuckets = {
    MIDDLE: whole('bucketMiddle', values.bucketMiddle),
    LATE: whole('bucketLate', values.bucketLate),
    SEVERE: whole('bucketSevere', values.bucketSevere),
  };
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  return {
    ...(same(contact, DEFAULT_CONTACT_RULES) ? {} : { contact }),
    ...(same(caseBuckets, DEFAULT_CASE_BUCKET_STARTS) ? {} : { caseBuckets }),
  };
}

export function valuesOf(settings: ProductSettings): SettingsValues {
  const { rates, fees, limits, bans, officeHours } = settings;
  return {
    securedRate: percent(rates.securedAnnualRateBp),
    unsecuredRate: percent(rates.unsecuredAnnualRateBp),
    simulatorMonthlyRate: percent(rates.simulatorMonthlyRateBp),
    lateChargeRate: percent(rates.lateChargeAnnualRateBp),
    stampDutyPerThousand: ringgit(fees.stampDutySenPerThousand),
    attestationSecured: percent(fees.attestationFeeSecuredBp),
    attestationUnsecured: percent(fees.attestationFeeUnsecuredBp),
    attestationKeptByLender: fees.attestationFeeKeptByLender ? 'yes' : 'no',
    protectionServiceTax: percent(fees.loanProtectionServiceTaxBp),
    protectionCommission: percent(fees.loanProtectionAgentCommissionBp),
    minAmount: ringgit(limits.minAmountSen),
    maxAmount: ringgit(limits.maxAmountSen),
    minTenure: String(limits.minTenureMonths),
    maxTenure: String(limits.maxTenureMonths),
    rejectionBanMonths: String(bans.rejectionBanMonths),
    temporaryBanMonths: String(bans.temporaryBanMonths),
    approvalBands: settings.approvalBands.map((band) => ({
      upTo: band.upToSen === null ? '' : ringgit(band.upToSen),
      levels: String(band.levels),
    })),
    protectionRates: settings.loanProtectionRates.map((row) => ({
      minTenure: String(row.minTenureMonths),
      maxTenure: String(row.maxTenureMonths),
      rate: percent(row.rateBp),
    })),
    opensAt: officeHours.opensAt,
    closesAt: officeHours.closesAt,
    slotMinutes: String(officeHours.slotMinutes),
    publicHolidays: officeHours.publicHolidays.join('\n'),
    firstDueMonths: String(
      (settings.repayment ?? DEFAULT_REPAYMENT_SETTINGS).firstDueMonthsAfterDisbursement,
    ),
    retentionDays: String(closedApplicationRetentionDays(settings)),
    reminderDays: String((settings.collections ?? DEFAULT_COLLECTION_SETTINGS).reminderDaysBefore),
    contactFrom: (settings.collections?.contact ?? DEFAULT_CONTACT_RULES).from,
    contactUntil: (settings.collections?.contact ?? DEFAULT_CONTACT_RULES).until,
    contactsPerDay: String(
      (settings.collections?.contact ?? DEFAULT_CONTACT_RULES).perChannelPerDay,
    ),
    bucketMiddle: String((settings.collections?.caseBuckets ?? DEFAULT_CASE_BUCKET_STARTS).MIDDLE),
    bucketLate: String((settings.collections?.caseBuckets ?? DEFAULT_CASE_BUCKET_STARTS).LATE),
    bucketSevere: String((settings.collections?.caseBuckets ?? DEFAULT_CASE_BUCKET_STARTS).SEVERE),
    directDebitRetries: String((settings.directDebit ?? DEFAULT_DIRECT_DEBIT_SETTINGS).retryCount),
    directDebitRetryDays: String((settings.directDebit ?? DEFAULT_DIRECT_DEBIT_SETTINGS).retryDays),
    bankInSlipSecondApproval: ringgit(bankInSlipSecondApprovalAboveSen(settings)),
  };
}

/** Which form field could not be read, by the field's name (`approvalBands.1.upTo`...). */
export type FieldErrors = Record<string, 'notRinggit' | 'notPercent' | 'notWhole'>;

export type SettingsRead =
  | { ok: true; settings: ProductSettings; problems: SettingsProblem[] }
  | { ok: false; errors: FieldErrors };

/**
 * The settings the form describes, saved as a revision of `version`, with the domain's own
 * problems (the same validator the server runs) so they show before anything is sent.
 */
export function settingsOf(values: SettingsValues, version: number): SettingsRead {
  const errors: FieldErrors = {};
  const sen = (name: string, text: string) => {
    const parsed = parseRinggit(text);
    if (!parsed.ok || parsed.sen < 0) errors[name] = 'notRinggit';
    return parsed.ok ? parsed.sen : 0;
  };
  const bp = (name: string, text: string) => {
    const parsed = percentToBp(text);
    if (parsed === null) errors[name] = 'notPercent';
    return parsed ?? 0;
  };
  const whole = (name: string, text: string) => {
    if (!/^\s*\d{1,6}\s*$/.test(text)) errors[name] = 'notWhole';
    return Number(text.trim());
  };
  const settings: ProductSettings = {
    version,
    rates: {
      securedAnnualRateBp: bp('securedRate', values.securedRate),
      unsecuredAnnualRateBp: bp('unsecuredRate', values.unsecuredRate),
      simulatorMonthlyRateBp: bp('simulatorMonthlyRate', values.simulatorMonthlyRate),
      lateChargeAnnualRateBp: bp('lateChargeRate', values.lateChargeRate),
    },
    fees: {
      stampDutySenPerThousand: sen('stampDutyPerThousand', values.stampDutyPerThousand),
      attestationFeeSecuredBp: bp('attestationSecured', values.attestationSecured),
      attestationFeeUnsecuredBp: bp('attestationUnsecured', values.attestationUnsecured),
      attestationFeeKeptByLender: values.attestationKeptByLender === 'yes',
      loanProtectionServiceTaxBp: bp('protectionServiceTax', values.protectionServiceTax),
      loanProtectionAgentCommissionBp: bp('protectionCommission', values.protectionCommission),
    },
    limits: {
      minAmountSen: sen('minAmount', values.minAmount),
      maxAmountSen: sen('maxAmount', values.maxAmount),
      minTenureMonths: whole('minTenure', values.minTenure),
      maxTenureMonths: whole('maxTenure', values.maxTenure),
    },
    loanProtectionRates: values.protectionRates.map((row, index) => ({
      minTenureMonths: whole(`protectionRates.${index}.minTenure`, row.minTenure),
      maxTenureMonths: whole(`protectionRates.${index}.maxTenure`, row.maxTenure),
      rateBp: bp(`protectionRates.${index}.rate`, row.rate),
    })),
    bans: {
      rejectionBanMonths: whole('rejectionBanMonths', values.rejectionBanMonths),
      temporaryBanMonths: whole('temporaryBanMonths', values.temporaryBanMonths),
    },
    approvalBands: values.approvalBands.map((band, index) => ({
      upToSen: band.upTo.trim() === '' ? null : sen(`approvalBands.${index}.upTo`, band.upTo),
      levels: whole(`approvalBands.${index}.levels`, band.levels),
    })),
    officeHours: {
      opensAt: values.opensAt.trim(),
      closesAt: values.closesAt.trim(),
      slotMinutes: whole('slotMinutes', values.slotMinutes),
      publicHolidays: values.publicHolidays
        .split(/[\s,]+/)
        .map((day) => day.trim())
        .filter((day) => day !== ''),
    },
    repayment: {
      firstDueMonthsAfterDisbursement: whole('firstDueMonths', values.firstDueMonths),
    },
    retention: {
      closedApplicationDocumentsDays: whole('retentionDays', values.retentionDays),
    },
    collections: {
      reminderDaysBefore: whole('reminderDays', values.reminderDays),
      ...collectionRulesOf(values, whole),
    },
    directDebit: {
      retryCount: whole('directDebitRetries', values.directDebitRetries),
      retryDays: whole('directDebitRetryDays', values.directDebitRetryDays),
    },
    bankInSlips: {
      secondApprovalAboveSen: sen('bankInSlipSecondApproval', values.bankInSlipSecondApproval),
    },
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, settings, problems: validateProductSettings(settings) };
}

import type { OrganizationType } from '../business/registration-number';
import { parseRegistrationNumber } from '../business/registration-number';
import { LOAN_STANDING_CODES, type LoanStandingFigures } from '../loan/borrower-ledger';
import { DEFAULT_INTEREST_CAPS, type InterestCaps } from '../loan/fees';
import { type Sen, senToRinggitString } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { isIsoDate, partsOf } from '../time/calendar-date';

/*
 * What the lender gives the regulator (KPKT, the Ministry of Local Government Development): the
 * borrower ledger (Lampiran A of the Moneylenders (Control and Licensing) Regulations 2003) and
 * the moneylender's return through KPKT's iDeal system. Neither text we can read fixes column
 * spellings or value lists: what follows is OUR READING, defined here once. Headings are in
 * Malay as the regulator's forms are; value lists are strict, and a value outside them is never
 * sent (the export refuses instead).
 */

/** The borrower ledger's columns (one line per movement of the account; CSV and PDF). */
export const LAMPIRAN_A_COLUMNS = [
  'No. Akaun Pinjaman',
  'Tarikh',
  'Butiran',
  'No. Resit',
  'Debit (RM)',
  'Kredit (RM)',
  'Baki (RM)',
  'Kod Catatan',
] as const;

/** The iDeal return's columns, one row per loan. */
export const IDEAL_COLUMNS = [
  'Bil.',
  'No. Akaun Pinjaman',
  'Nama Peminjam',
  'No. K/P / No. Pendaftaran',
  'Jenis Peminjam',
  'Tarikh Pinjaman',
  'Jenis Pinjaman',
  'Jumlah Pinjaman (RM)',
  'Kadar Faedah Setahun (%)',
  'Tempoh Pinjaman (Bulan)',
  'Ansuran Bulanan (RM)',
  'Jumlah Bayaran Balik (RM)',
  'Jumlah Dibayar (RM)',
  'Baki Pinjaman (RM)',
  'Tunggakan (RM)',
  'Status Pinjaman',
] as const;
export type IdealColumn = (typeof IDEAL_COLUMNS)[number];

/** Borrower types as the return lists them; our borrowers are businesses (spec section 5). */
export const IDEAL_BORROWER_TYPES: Readonly<Record<OrganizationType, string>> = {
  SOLE_PROP: 'Milikan Tunggal',
  PARTNERSHIP: 'Perkongsian',
  COMPANY: 'Syarikat',
};

export const IDEAL_LOAN_TYPES = { secured: 'Bercagar', unsecured: 'Tidak Bercagar' } as const;

/** The strict value lists: a cell of these columns holds one of these spellings or the row is bad. */
export const IDEAL_VALUE_LISTS: Readonly<Partial<Record<IdealColumn, readonly string[]>>> = {
  'Jenis Peminjam': Object.values(IDEAL_BORROWER_TYPES),
  'Jenis Pinjaman': Object.values(IDEAL_LOAN_TYPES),
  'Status Pinjaman': Object.values(LOAN_STANDING_CODES),
};

/** What is wrong with a cell: nothing there, a value outside its list, or one that cannot be. */
export const IDEAL_PROBLEMS = ['MISSING', 'NOT_IN_LIST', 'INVALID'] as const;
export type IdealProblem = (typeof IDEAL_PROBLEMS)[number];

/** A loan as the books hold it, values as read (an incomplete record has nulls and blanks). */
export interface IdealLoanFacts {
  loanNo: string | null;
  borrowerName: string | null;
  /** The SSM registration number of the borrowing business. */
  registrationNo: string | null;
  organizationType: string | null;
  disbursedOn: IsoDate | null;
  secured: boolean | null;
  principalSen: Sen | null;
  annualRateBp: number | null;
  tenureMonths: number | null;
  monthlyInstalmentSen: Sen | null;
  totalRepayableSen: Sen | null;
  /** Where the loan stood at the end of the period. */
  figures: LoanStandingFigures | null;
}

export interface IdealRow {
  cells: Record<IdealColumn, string>;
  problems: { column: IdealColumn; problem: IdealProblem }[];
}

/** DD/MM/YYYY, as Malaysian forms write dates. */
export function formDate(date: IsoDate): string {
  const { year, month, day } = partsOf(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

const isCount = (value: number | null): value is number =>
  value !== null && Number.isSafeInteger(value) && value > 0;
const isAmount = (value: number | null): value is number =>
  value !== null && Number.isSafeInteger(value) && value >= 0;
const money = (value: number | null) => (isAmount(value) ? senToRinggitString(value) : '');
/** Basis points are hundredths of a percent as sen are of a ringgit: 1680 -> "16.80". */
const percent = (bp: number) => senToRinggitString(bp);

/**
 * One loan's row of the iDeal return, and what makes it bad: a required value missing, outside
 * its list, or impossible (a registration number SSM would not issue, a rate beyond the s.17A
 * cap for its loan type, a schedule that does not add up).
 */
export function idealRow(
  number: number,
  facts: IdealLoanFacts,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): IdealRow {
  const problems: IdealRow['problems'] = [];
  const flag = (column: IdealColumn, problem: IdealProblem) => problems.push({ column, problem });
  const text = (value: string | null) => value?.trim() ?? '';

  const loanNo = text(facts.loanNo);
  if (!loanNo) flag('No. Akaun Pinjaman', 'MISSING');
  const name = text(facts.borrowerName);
  if (!name) flag('Nama Peminjam', 'MISSING');

  const registration = text(facts.registrationNo).replace(/[\s-]/g, '');
  const disbursedOn = facts.disbursedOn && isIsoDate(facts.disbursedOn) ? facts.disbursedOn : null;
  if (!disbursedOn) flag('Tarikh Pinjaman', facts.disbursedOn ? 'INVALID' : 'MISSING');
  if (!registration) flag('No. K/P / No. Pendaftaran', 'MISSING');
  else if (
    !parseRegistrationNumber(registration, disbursedOn ? partsOf(disbursedOn).year : 9999).ok
  ) {
    flag('No. K/P / No. Pendaftaran', 'INVALID');
  }

  const borrowerType = facts.organizationType
    ? IDEAL_BORROWER_TYPES[facts.organizationType as OrganizationType]
    : undefined;
  if (!facts.organizationType) flag('Jenis Peminjam', 'MISSING');
  else if (!borrowerType) flag('Jenis Peminjam', 'NOT_IN_LIST');

  const loanType =
    facts.secured === null
      ? ''
      : facts.secured
        ? IDEAL_LOAN_TYPES.secured
        : IDEAL_LOAN_TYPES.unsecured;
  if (!loanType) flag('Jenis Pinjaman', 'MISSING');

  if (!isCount(facts.principalSen))
    flag('Jumlah Pinjaman (RM)', facts.principalSen === null ? 'MISSING' : 'INVALID');
  const rate = facts.annualRateBp;
  if (rate === null) flag('Kadar Faedah Setahun (%)', 'MISSING');
  else if (
    !isCount(rate) ||
    (facts.secured !== null &&
      rate > (facts.secured ? caps.securedMaxAnnualRateBp : caps.unsecuredMaxAnnualRateBp))
  ) {
    flag('Kadar Faedah Setahun (%)', 'INVALID');
  }
  if (!isCount(facts.tenureMonths)) {
    flag('Tempoh Pinjaman (Bulan)', facts.tenureMonths === null ? 'MISSING' : 'INVALID');
  }
  if (!isCount(facts.monthlyInstalmentSen)) {
    flag('Ansuran Bulanan (RM)', facts.monthlyInstalmentSen === null ? 'MISSING' : 'INVALID');
  }
  if (!isCount(facts.totalRepayableSen)) {
    flag('Jumlah Bayaran Balik (RM)', facts.totalRepayableSen === null ? 'MISSING' : 'INVALID');
  } else if (isCount(facts.principalSen) && facts.totalRepayableSen < facts.principalSen) {
    flag('Jumlah Bayaran Balik (RM)', 'INVALID');
  }

  const figures = facts.figures;
  const status = figures ? LOAN_STANDING_CODES[figures.standing] : undefined;
  if (!figures) {
    flag('Jumlah Dibayar (RM)', 'MISSING');
    flag('Baki Pinjaman (RM)', 'MISSING');
    flag('Tunggakan (RM)', 'MISSING');
    flag('Status Pinjaman', 'MISSING');
  } else if (!status) flag('Status Pinjaman', 'NOT_IN_LIST');

  const cells: Record<IdealColumn, string> = {
    'Bil.': String(number),
    'No. Akaun Pinjaman': loanNo,
    'Nama Peminjam': name,
    'No. K/P / No. Pendaftaran': registration,
    'Jenis Peminjam': borrowerType ?? '',
    'Tarikh Pinjaman': disbursedOn ? formDate(disbursedOn) : '',
    'Jenis Pinjaman': loanType,
    'Jumlah Pinjaman (RM)': money(facts.principalSen),
    'Kadar Faedah Setahun (%)': rate !== null && isCount(rate) ? percent(rate) : '',
    'Tempoh Pinjaman (Bulan)': isCount(facts.tenureMonths) ? String(facts.tenureMonths) : '',
    'Ansuran Bulanan (RM)': money(facts.monthlyInstalmentSen),
    'Jumlah Bayaran Balik (RM)': money(facts.totalRepayableSen),
    // Credit kept is nothing owed: the return's balance never goes below zero.
    'Jumlah Dibayar (RM)': figures ? senToRinggitString(figures.paidSen) : '',
    'Baki Pinjaman (RM)': figures ? senToRinggitString(Math.max(0, figures.balanceSen)) : '',
    'Tunggakan (RM)': figures ? senToRinggitString(figures.arrearsSen) : '',
    'Status Pinjaman': status ?? '',
  };
  // The lists are the last word: whatever a cell came from, a spelling outside them is not sent.
  for (const [column, values] of Object.entries(IDEAL_VALUE_LISTS) as [IdealColumn, string[]][]) {
    const cell = cells[column];
    if (cell && !values.includes(cell) && !problems.some((p) => p.column === column)) {
      flag(column, 'NOT_IN_LIST');
    }
  }
  return { cells, problems };
}

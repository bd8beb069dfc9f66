import type { StaffRole } from '../auth';

/**
 * The general ledger (finance staff and admins): the chart of accounts of a brand, its trial
 * balance, journal and account ledgers for a span of posting dates (JSON, and CSV for accounting
 * packages), and month-end close. Amounts are whole sen; balances are debit less credit.
 */
export const FINANCE_PATHS = {
  chart: '/api/admin/finance/chart-of-accounts',
  trialBalance: '/api/admin/finance/trial-balance',
  trialBalanceCsv: '/api/admin/finance/trial-balance.csv',
  journal: '/api/admin/finance/journal',
  journalCsv: '/api/admin/finance/journal.csv',
  accountLedger: '/api/admin/finance/accounts/:key/ledger',
  periods: '/api/admin/finance/periods',
  closePeriod: '/api/admin/finance/periods/:period/close',
  dashboard: '/api/admin/finance/dashboard',
} as const;

/** Who reads the books and closes months. */
export const FINANCE_ROLES: readonly StaffRole[] = ['FINANCE', 'ADMIN'];

export interface TrialBalanceRow {
  key: string;
  code: string;
  nameEn: string;
  nameMs: string;
  kind: string;
  openingSen: number;
  debitSen: number;
  creditSen: number;
  closingSen: number;
}

export interface TrialBalanceResponse {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  totals: {
    debitSen: number;
    creditSen: number;
    closingDebitSen: number;
    closingCreditSen: number;
  };
  balanced: boolean;
}

export interface LedgerPeriodsResponse {
  businessDate: string;
  closed: { period: string; closedAt: string; closedBy: string; closedByName: string | null }[];
}

/** One month of the portfolio dashboard (posting dates; the current month up to the business date). */
export interface PortfolioMonth {
  /** YYYY-MM */
  month: string;
  /** Principal lent by payouts posted in the month (loans receivable debited by a payout). */
  disbursedSen: number;
  /** Money received by payments posted in the month (cash at bank debited by a payment). */
  collectedSen: number;
  /** Loans receivable at the month's end (or the business date). */
  outstandingPrincipalSen: number;
  /** Instalments falling due in the month on the loans' current schedules. */
  dueSen: number;
  /** Collected as a share of due, in basis points; null when nothing fell due. */
  collectionRateBp: number | null;
}

export const PAR_DAYS = [1, 30, 60, 90] as const;
export const AGEING_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export interface PortfolioDashboardResponse {
  businessDate: string;
  /** The first day of the twelve months shown. */
  from: string;
  months: PortfolioMonth[];
  /** Loans receivable on the business date: the trial balance's own figure. */
  outstandingPrincipalSen: number;
  /** Outstanding principal of loans with an instalment overdue more than `days` days. */
  par: { days: (typeof PAR_DAYS)[number]; principalSen: number; bp: number }[];
  /** Loans in arrears by the days their oldest unpaid instalment is overdue. */
  ageing: { bucket: AgeingBucket; count: number; principalSen: number; overdueSen: number }[];
  /** Applications over the twelve months: submitted, approved, signed, paid out. */
  funnel: { submitted: number; approved: number; signed: number; paidOut: number };
}

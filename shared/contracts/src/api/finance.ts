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

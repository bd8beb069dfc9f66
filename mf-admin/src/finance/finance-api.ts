import {
  FINANCE_PATHS,
  type LedgerPeriodsResponse,
  type PortfolioDashboardResponse,
  type TenantId,
  type TrialBalanceResponse,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The posting dates a report covers, of one brand's books. */
export interface FinanceSpan {
  tenant: TenantId;
  from: string;
  to: string;
}

/** One account's ledger for a span, as the API answers (brought forward, each line with the
 *  balance after it, carried forward); amounts in sen, balances debit less credit. */
export interface AccountLedgerResponse {
  accountKey: string;
  from: string;
  to: string;
  openingSen: number;
  closingSen: number;
  lines: {
    entryId: string;
    entryNo: number;
    postingDate: string;
    businessDate: string;
    lateForPeriod: string | null;
    event: string;
    reference: string;
    loanAccountId: string | null;
    debitSen: number;
    creditSen: number;
    balanceSen: number;
  }[];
}

export interface ClosedPeriod {
  period: string;
  closedAt: string;
  closedBy: string;
}

export type FinanceCsv = 'trialBalance' | 'journal';

/** A CSV export as bytes with the name the server gave it: the request carries the staff token
 *  in its header, which a plain link could not. */
async function csv(kind: FinanceCsv, span: FinanceSpan, language: 'en' | 'ms') {
  const path = kind === 'trialBalance' ? FINANCE_PATHS.trialBalanceCsv : FINANCE_PATHS.journalCsv;
  const response = await api.admin.get<Blob>(path, {
    params: { ...span, language },
    responseType: 'blob',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fallback = `${kind === 'trialBalance' ? 'trial-balance' : 'journal'}-${span.tenant}-${span.from}-${span.to}.csv`;
  return {
    blob: response.data,
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback,
  };
}

/** The general ledger's calls, through the one staff API client. */
export const financeApi = {
  trialBalance: async (span: FinanceSpan) =>
    (await api.admin.get<TrialBalanceResponse>(FINANCE_PATHS.trialBalance, { params: span })).data,
  accountLedger: async (span: FinanceSpan, key: string) =>
    (
      await api.admin.get<AccountLedgerResponse>(
        FINANCE_PATHS.accountLedger.replace(':key', encodeURIComponent(key)),
        { params: span },
      )
    ).data,
  periods: async (tenant: TenantId) =>
    (await api.admin.get<LedgerPeriodsResponse>(FINANCE_PATHS.periods, { params: { tenant } }))
      .data,
  closePeriod: async (tenant: TenantId, period: string) =>
    (
      await api.admin.post<ClosedPeriod>(
        FINANCE_PATHS.closePeriod.replace(':period', encodeURIComponent(period)),
        { tenant },
      )
    ).data,
  csv,
  /** The portfolio of the brand the back office is open in (the request's brand header). */
  dashboard: async () =>
    (await api.admin.get<PortfolioDashboardResponse>(FINANCE_PATHS.dashboard)).data,
};

import type { TenantId } from '../brand';

/**
 * Reconciling the payment gateway's settlement report with the payments booked (finance staff and
 * admins, FINANCE_ROLES): a run for a brand and a span of payment dates, from the gateway's own
 * report or an uploaded CSV (RECONCILIATION_CSV_COLUMNS); a line that does not match is resolved
 * by one finance member's proposal and a second one's confirmation.
 */
export const RECONCILIATION_PATHS = {
  runs: '/api/admin/finance/reconciliation/runs',
  run: (id: string) => `/api/admin/finance/reconciliation/runs/${id}`,
  propose: (lineId: string) => `/api/admin/finance/reconciliation/lines/${lineId}/propose`,
  confirm: (lineId: string) => `/api/admin/finance/reconciliation/lines/${lineId}/confirm`,
} as const;

/** The settlement report's columns, as the gateway's report and an uploaded CSV carry them. */
export const RECONCILIATION_CSV_COLUMNS = [
  'txn_id',
  'order_id',
  'amount',
  'currency',
  'channel',
  'paid_at',
] as const;

export type ReconciliationKind = 'MATCHED' | 'REPORT_ONLY' | 'BOOKS_ONLY' | 'AMOUNT_DIFFERENCE';
export type ReconciliationLineStatusName = 'OPEN' | 'PROPOSED' | 'RESOLVED';
export type ReconciliationResolution = 'BANK_ERROR' | 'EXPLAINED';

export interface ReconciliationRunRequest {
  tenant: TenantId;
  from: string;
  to: string;
  /** The settlement report as CSV; without it the gateway's own report is fetched. */
  csv?: string;
}

export interface ReconciliationLineView {
  id: string;
  kind: ReconciliationKind;
  txnId: string | null;
  orderId: string | null;
  reportAmountSen: number | null;
  bookedAmountSen: number | null;
  paidAt: string | null;
  status: ReconciliationLineStatusName | null;
  resolution: ReconciliationResolution | null;
  note: string | null;
  proposedBy: string | null;
  confirmedBy: string | null;
  /** The caller proposed this line's resolution, so someone else must confirm it. */
  proposedByMe: boolean;
}

export interface ReconciliationRunView {
  id: string;
  tenant: TenantId;
  from: string;
  to: string;
  source: 'GATEWAY' | 'UPLOAD';
  startedBy: string;
  startedAt: string;
  counts: { matched: number; reportOnly: number; booksOnly: number; amountDifferences: number };
  lines: ReconciliationLineView[];
}

export interface ReconciliationRunsResponse {
  runs: Omit<ReconciliationRunView, 'lines'>[];
}

export interface ReconciliationProposal {
  resolution: ReconciliationResolution;
  note: string;
}

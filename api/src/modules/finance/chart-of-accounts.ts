// The chart of accounts: one per tenant, seeded with these accounts (migrations/0970), each with
// its code and its name in both languages. Posting names accounts by key, so a tenant may renumber
// or rename an account (a new version) without touching what posts to it.
import type { FinanceStore } from './store';

export const LEDGER_ACCOUNT_KEYS = [
  'CASH_AT_BANK',
  'LOANS_RECEIVABLE',
  'INTEREST_RECEIVABLE',
  'LATE_CHARGES_RECEIVABLE',
  'SUSPENSE',
  'BORROWER_CREDIT',
  'SST_PAYABLE',
  'STAMP_DUTY_PAYABLE',
  'INSURANCE_PREMIUM_PAYABLE',
  'INTEREST_INCOME',
  'LATE_CHARGE_INCOME',
  'FEE_INCOME',
  'COMMISSION_INCOME',
  'RECOVERIES_INCOME',
  'LATE_CHARGES_WAIVED',
  'FEES_WAIVED',
  'WRITE_OFF_EXPENSE',
] as const;
export const LEDGER_ACCOUNT_KINDS = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;

export type LedgerAccountKey = (typeof LEDGER_ACCOUNT_KEYS)[number];

export const isLedgerAccountKey = (value: string): value is LedgerAccountKey =>
  (LEDGER_ACCOUNT_KEYS as readonly string[]).includes(value);

/** Assets and expenses grow by debits; liabilities, equity and income by credits. */
export const debitNormal = (kind: string): boolean => kind === 'ASSET' || kind === 'EXPENSE';

export async function chartOfAccounts(store: FinanceStore, tenant: string) {
  const rows = await store.chart(tenant);
  return rows.map((row) => ({
    key: row.key,
    code: row.code,
    nameEn: row.nameEn,
    nameMs: row.nameMs,
    kind: row.kind,
    version: row.version,
  }));
}

// The trial balance of a span of posting dates: each account's balance brought forward, what was
// posted to it in the span and the balance carried, with debits and credits totalled apart. The
// debits equal the credits whenever the journal is whole; the answer says so rather than assume.
import { addDays, type IsoDate, senToRinggitString } from '@lending/domain';

import { csvRecord, UTF8_BOM } from '../audit-log/csv';
import type { FinanceStore } from './store';

export interface TrialBalanceRow {
  key: string;
  code: string;
  nameEn: string;
  nameMs: string;
  kind: string;
  /** Balances as debit less credit: a credit balance is negative. */
  openingSen: number;
  debitSen: number;
  creditSen: number;
  closingSen: number;
}

export interface TrialBalance {
  from: IsoDate;
  to: IsoDate;
  rows: TrialBalanceRow[];
  totals: {
    debitSen: number;
    creditSen: number;
    closingDebitSen: number;
    closingCreditSen: number;
  };
  balanced: boolean;
}

export async function trialBalance(
  store: FinanceStore,
  tenant: string,
  from: IsoDate,
  to: IsoDate,
): Promise<TrialBalance> {
  const [chart, before, during] = await Promise.all([
    store.chart(tenant),
    store.sums(tenant, { to: addDays(from, -1) }),
    store.sums(tenant, { from, to }),
  ]);
  const opening = new Map(before.map((row) => [row.accountKey, row.debitSen - row.creditSen]));
  const moved = new Map(during.map((row) => [row.accountKey, row]));
  const rows = chart.map((account) => {
    const openingSen = opening.get(account.key) ?? 0;
    const debitSen = moved.get(account.key)?.debitSen ?? 0;
    const creditSen = moved.get(account.key)?.creditSen ?? 0;
    return {
      key: account.key,
      code: account.code,
      nameEn: account.nameEn,
      nameMs: account.nameMs,
      kind: account.kind,
      openingSen,
      debitSen,
      creditSen,
      closingSen: openingSen + debitSen - creditSen,
    };
  });
  const totals = {
    debitSen: rows.reduce((sum, row) => sum + row.debitSen, 0),
    creditSen: rows.reduce((sum, row) => sum + row.creditSen, 0),
    closingDebitSen: rows.reduce((sum, row) => sum + Math.max(0, row.closingSen), 0),
    closingCreditSen: rows.reduce((sum, row) => sum + Math.max(0, -row.closingSen), 0),
  };
  return {
    from,
    to,
    rows,
    totals,
    balanced:
      totals.debitSen === totals.creditSen && totals.closingDebitSen === totals.closingCreditSen,
  };
}

/** A balance in ringgit on the side it falls, as accounting packages import a trial balance. */
const side = (sen: number, debit: boolean) =>
  (debit ? sen > 0 : sen < 0) ? senToRinggitString(Math.abs(sen)) : '';

/**
 * The trial balance as CSV: account code, name, debit, credit (closing balances, ringgit with two
 * decimals), the columns the opening-balance imports of Malaysian packages (SQL Account, AutoCount)
 * map from; the name in the reader's language.
 */
export function trialBalanceCsv(balance: TrialBalance, language: 'en' | 'ms'): string {
  let body = UTF8_BOM + csvRecord(['Account Code', 'Account Name', 'Debit', 'Credit']);
  for (const row of balance.rows) {
    if (row.closingSen === 0 && row.debitSen === 0 && row.creditSen === 0) continue;
    body += csvRecord([
      row.code,
      language === 'ms' ? row.nameMs : row.nameEn,
      side(row.closingSen, true),
      side(row.closingSen, false),
    ]);
  }
  body += csvRecord([
    '',
    language === 'ms' ? 'Jumlah' : 'Total',
    senToRinggitString(balance.totals.closingDebitSen),
    senToRinggitString(balance.totals.closingCreditSen),
  ]);
  return body;
}

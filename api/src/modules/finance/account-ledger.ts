// An account's ledger for a span of posting dates: the balance brought forward, each line posted
// to it with its entry (number, dates, event, reference) and the running balance, debit less credit.
import type { IsoDate } from '@lending/domain';

import type { FinanceStore } from './store';

export interface AccountLedgerLine {
  entryId: string;
  entryNo: number;
  postingDate: IsoDate;
  businessDate: IsoDate;
  lateForPeriod: string | null;
  event: string;
  reference: string;
  loanAccountId: string | null;
  debitSen: number;
  creditSen: number;
  balanceSen: number;
}

export async function accountLedger(
  store: FinanceStore,
  tenant: string,
  accountKey: string,
  from: IsoDate,
  to: IsoDate,
) {
  const before = await store.sumBefore(tenant, accountKey, from);
  const openingSen = before.debitSen - before.creditSen;
  let balanceSen = openingSen;
  const lines: AccountLedgerLine[] = (
    await store.accountLines(tenant, accountKey, { from, to })
  ).map(({ line, entry }) => {
    balanceSen += line.debitSen - line.creditSen;
    return {
      entryId: entry.id,
      entryNo: entry.entryNo,
      postingDate: entry.postingDate,
      businessDate: entry.businessDate,
      lateForPeriod: entry.lateForPeriod,
      event: entry.event,
      reference: entry.reference,
      loanAccountId: line.loanAccountId,
      debitSen: line.debitSen,
      creditSen: line.creditSen,
      balanceSen,
    };
  });
  return { accountKey, from, to, openingSen, lines, closingSen: balanceSen };
}

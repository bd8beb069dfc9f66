// The general journal of a span: every entry posted in it with its lines, and its CSV export.
import { type IsoDate, senToRinggitString } from '@lending/domain';

import { csvRecord, UTF8_BOM } from '../audit-log/csv';
import type { FinanceStore } from './store';

export async function journal(store: FinanceStore, tenant: string, from: IsoDate, to: IsoDate) {
  const [entries, chart] = await Promise.all([
    store.entries(tenant, { from, to }),
    store.chart(tenant),
  ]);
  const codes = new Map(chart.map((account) => [account.key, account.code]));
  const lines = await store.linesOf(entries.map((entry) => entry.id));
  const byEntry = new Map<string, typeof lines>();
  for (const line of lines) byEntry.set(line.entryId, [...(byEntry.get(line.entryId) ?? []), line]);
  return {
    from,
    to,
    entries: entries.map((entry) => ({
      id: entry.id,
      entryNo: entry.entryNo,
      postingDate: entry.postingDate,
      businessDate: entry.businessDate,
      lateForPeriod: entry.lateForPeriod,
      event: entry.event,
      reference: entry.reference,
      loanAccountId: entry.loanAccountId,
      reverses: entry.reverses,
      actor: entry.actor,
      lines: (byEntry.get(entry.id) ?? []).map((line) => ({
        accountKey: line.accountKey,
        accountCode: codes.get(line.accountKey) ?? '',
        loanAccountId: line.loanAccountId,
        debitSen: line.debitSen,
        creditSen: line.creditSen,
      })),
    })),
  };
}

export type Journal = Awaited<ReturnType<typeof journal>>;

/**
 * The journal as CSV, one line per journal line: document number (the entry number), date,
 * account code, description, debit, credit (ringgit with two decimals), the columns a journal
 * voucher import of AutoCount or SQL Account maps from.
 */
export function journalCsv(book: Journal): string {
  let body = UTF8_BOM + csvRecord(['DocNo', 'DocDate', 'AccNo', 'Description', 'DR', 'CR']);
  for (const entry of book.entries) {
    const description = entry.lateForPeriod
      ? `${entry.event} ${entry.reference} (late for ${entry.lateForPeriod})`
      : `${entry.event} ${entry.reference}`;
    for (const line of entry.lines) {
      body += csvRecord([
        `JV-${String(entry.entryNo).padStart(8, '0')}`,
        entry.postingDate,
        line.accountCode,
        description,
        line.debitSen > 0 ? senToRinggitString(line.debitSen) : '',
        line.creditSen > 0 ? senToRinggitString(line.creditSen) : '',
      ]);
    }
  }
  return body;
}

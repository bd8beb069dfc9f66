// Posting one journal entry: its lines checked to balance (the database checks again when the
// transaction commits), a gap-free number, and the month it counts in: the event's own, or, when
// that month is closed, the first day of the open month, naming the closed one it belongs to.
import { addDays, addMonths, type IsoDate } from '@lending/domain';

import type { OrmTransaction } from '../../kernel/transaction';
import type { LedgerAccountKey } from './chart-of-accounts';
import type { FinanceStore, JournalEntryRow, JournalEvent, NewLine } from './store';

export interface EntryLine {
  account: LedgerAccountKey;
  debitSen?: number;
  creditSen?: number;
  loanAccountId?: string | null;
  figure?: string | null;
}

export interface EntryInput {
  tenant: string;
  businessDate: IsoDate;
  event: JournalEvent;
  reference: string;
  loanAccountId?: string | null;
  reverses?: string | null;
  actor: string;
  lines: readonly EntryLine[];
}

/** `YYYY-MM` of a date. */
export const periodOf = (date: IsoDate): string => date.slice(0, 7);

/** The first day of the month after `period`. */
export const firstDayAfter = (period: string): IsoDate => addMonths(`${period}-01`, 1);

/** The last day of `period`. */
export const lastDayOf = (period: string): IsoDate => addDays(firstDayAfter(period), -1);

/**
 * The lines as stored: each one-sided and in whole sen, lines of nothing dropped, a negative amount
 * turned to the other side. Refuses an entry whose debits and credits differ.
 */
export function balancedLines(lines: readonly EntryLine[]): NewLine[] {
  const out: NewLine[] = [];
  let difference = 0;
  for (const line of lines) {
    const debit = line.debitSen ?? 0;
    const credit = line.creditSen ?? 0;
    if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit)) {
      throw new RangeError(`journal line on ${line.account} is not whole sen`);
    }
    const net = debit - credit;
    difference += net;
    if (net === 0) continue;
    out.push({
      accountKey: line.account,
      debitSen: net > 0 ? net : 0,
      creditSen: net < 0 ? -net : 0,
      loanAccountId: line.loanAccountId ?? null,
      figure: line.figure ?? null,
    });
  }
  if (difference !== 0) {
    throw new RangeError(`journal entry does not balance: debits - credits = ${difference}`);
  }
  if (out.length === 1) throw new RangeError('journal entry has one line');
  return out;
}

/** Posts the entry in `tx`; null when its lines come to nothing. */
export async function postEntry(
  store: FinanceStore,
  tx: OrmTransaction,
  input: EntryInput,
): Promise<JournalEntryRow | null> {
  const lines = balancedLines(input.lines);
  if (lines.length === 0) return null;
  // Numbered first: the counter's lock is what closing a month takes too, so no entry slips into
  // a month while it closes.
  const entryNo = await store.nextEntryNo(tx, input.tenant);
  const closed = (await store.closedPeriods(input.tenant, tx)).map((row) => row.period);
  const period = periodOf(input.businessDate);
  const late = closed.includes(period);
  const postingDate = late ? firstDayAfter(closed[closed.length - 1]!) : input.businessDate;
  return store.insertEntry(
    tx,
    {
      tenant: input.tenant,
      entryNo,
      businessDate: input.businessDate,
      postingDate,
      lateForPeriod: late ? period : null,
      event: input.event,
      reference: input.reference,
      loanAccountId: input.loanAccountId ?? null,
      reverses: input.reverses ?? null,
      actor: input.actor,
    },
    lines,
  );
}

// The finance area: the general ledger. Other areas post through `posting` inside their own
// transactions (a payout, a loan's money events); finance staff read the chart of accounts, the
// trial balance, the journal and account ledgers of any span, export them, and close months.
import type { TenantId } from '@lending/contracts';
import { daysBetween, isIsoDate, type IsoDate } from '@lending/domain';

import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmTransaction } from '../../kernel/transaction';
import { accountLedger } from './account-ledger';
import { chartOfAccounts, isLedgerAccountKey } from './chart-of-accounts';
import { closePeriod } from './close-period';
import { journal, journalCsv } from './journal';
import { LEDGER_ACCOUNT_NOT_FOUND, SPAN_INVALID, SPAN_TOO_LONG } from './messages';
import { type LoanEvent, type PayoutEvent, postLoanBooks, postPayout } from './post-loan-books';
import type { FinanceStore } from './store';
import { trialBalance, trialBalanceCsv } from './trial-balance';

export interface FinanceServiceDeps {
  db: Orm;
  store: FinanceStore;
  clock: Clock;
}

/** What other areas are handed to post their money events, inside their own transaction. */
export interface LedgerPosting {
  payout(tx: OrmTransaction, payout: PayoutEvent): Promise<unknown>;
  loanBooks(tx: OrmTransaction, event: LoanEvent): Promise<unknown>;
}

/** The longest span one request reads (the journal of a span is listed whole). */
export const MAX_SPAN_DAYS = 400;

export interface Span {
  tenant: TenantId;
  from: IsoDate;
  to: IsoDate;
}

function checkSpan(span: { from: string; to: string }): void {
  if (!isIsoDate(span.from) || !isIsoDate(span.to) || span.from > span.to) {
    throw new HttpError(400, SPAN_INVALID, 'VALIDATION_FAILED');
  }
  if (daysBetween(span.from, span.to) >= MAX_SPAN_DAYS) {
    throw new HttpError(400, sentence(SPAN_TOO_LONG, { days: MAX_SPAN_DAYS }), 'VALIDATION_FAILED');
  }
}

export function createFinanceService(deps: FinanceServiceDeps) {
  const { db, store, clock } = deps;

  async function exported(staffId: string, what: string, span: Span) {
    await writeAudit(db, {
      action: 'ledger.exported',
      actor: `staff:${staffId}`,
      subject: null,
      entity: `ledger:${span.tenant}`,
      at: clock.now(),
      detail: { what, from: span.from, to: span.to },
    });
  }

  const posting: LedgerPosting = {
    payout: (tx, payout) => postPayout(store, tx, payout),
    loanBooks: (tx, event) => postLoanBooks(store, tx, event),
  };

  return {
    posting,

    chart: (tenant: TenantId) => chartOfAccounts(store, tenant),

    async trialBalance(span: Span) {
      checkSpan(span);
      return trialBalance(store, span.tenant, span.from, span.to);
    },

    async trialBalanceCsv(staffId: string, span: Span, language: 'en' | 'ms') {
      checkSpan(span);
      const csv = trialBalanceCsv(
        await trialBalance(store, span.tenant, span.from, span.to),
        language,
      );
      await exported(staffId, 'trial-balance', span);
      return csv;
    },

    async journal(span: Span) {
      checkSpan(span);
      return journal(store, span.tenant, span.from, span.to);
    },

    async journalCsv(staffId: string, span: Span) {
      checkSpan(span);
      const csv = journalCsv(await journal(store, span.tenant, span.from, span.to));
      await exported(staffId, 'journal', span);
      return csv;
    },

    async accountLedger(span: Span, accountKey: string) {
      checkSpan(span);
      if (!isLedgerAccountKey(accountKey)) {
        throw new HttpError(404, LEDGER_ACCOUNT_NOT_FOUND, 'LEDGER_ACCOUNT_NOT_FOUND');
      }
      return accountLedger(store, span.tenant, accountKey, span.from, span.to);
    },

    async periods(tenant: TenantId) {
      const rows = await store.closedPeriods(tenant);
      return {
        businessDate: malaysiaToday(clock),
        closed: rows.map((row) => ({
          period: row.period,
          closedAt: row.closedAt.toISOString(),
          // Stored as the audit's actor (`staff:<id>`); answered as the staff id, as a close is.
          closedBy: row.closedBy.replace(/^staff:/, ''),
          closedByName: row.closedByName,
        })),
      };
    },

    closePeriod: (staffId: string, tenant: TenantId, period: string) =>
      closePeriod(
        { db, store },
        { tenant, period, staffId, today: malaysiaToday(clock), at: clock.now() },
      ),
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;

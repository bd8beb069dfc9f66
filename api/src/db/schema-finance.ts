// The general ledger (migrations/0970_general_ledger.sql): the chart of accounts per tenant, the
// months closed, journal entries and their lines (written once), and each loan account's running
// totals as posted so far.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { tenants } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const LEDGER_ACCOUNT_KINDS = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;
export const JOURNAL_EVENTS = [
  'PAYOUT',
  'PAYMENT',
  'BOOKS_BROUGHT_UP',
  'WAIVER',
  'WRITEOFF',
  'TERMINATION',
  'REFUND',
  'REVERSAL',
] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameMs: text('name_ms').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.tenant, table.key] }),
    unique('ledger_accounts_tenant_code_key').on(table.tenant, table.code),
  ],
);

export const ledgerPeriods = pgTable(
  'ledger_periods',
  {
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    period: text('period').notNull(),
    closedAt: timestamptz('closed_at').notNull(),
    closedBy: text('closed_by').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenant, table.period] })],
);

export const ledgerCounters = pgTable('ledger_counters', {
  tenant: text('tenant')
    .primaryKey()
    .references(() => tenants.id),
  lastNo: bigint('last_no', { mode: 'number' }).notNull().default(0),
});

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    entryNo: bigint('entry_no', { mode: 'number' }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    lateForPeriod: text('late_for_period'),
    event: text('event', { enum: JOURNAL_EVENTS }).notNull(),
    reference: text('reference').notNull(),
    loanAccountId: uuid('loan_account_id'),
    reverses: uuid('reverses'),
    actor: text('actor').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('journal_entries_tenant_entry_no_key').on(table.tenant, table.entryNo),
    index('journal_entries_posting_idx').on(table.tenant, table.postingDate),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    tenant: text('tenant').notNull(),
    accountKey: text('account_key').notNull(),
    loanAccountId: uuid('loan_account_id'),
    figure: text('figure'),
    debitSen: bigint('debit_sen', { mode: 'number' }).notNull().default(0),
    creditSen: bigint('credit_sen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_account_idx').on(table.tenant, table.accountKey),
  ],
);

export const loanBookTotals = pgTable(
  'loan_book_figures',
  {
    accountId: uuid('account_id').notNull(),
    figure: text('figure').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.figure] })],
);

// Settlement reconciliation tables (migrations/0990_gateway_reconciliation.sql): a run of the
// gateway's settlement report against the payments booked, and its lines.
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './schema-core';
import { gatewayPayments } from './schema-gateway-payments';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const RECONCILIATION_SOURCES = ['GATEWAY', 'UPLOAD'] as const;
export const RECONCILIATION_KINDS = [
  'MATCHED',
  'REPORT_ONLY',
  'BOOKS_ONLY',
  'AMOUNT_DIFFERENCE',
] as const;

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    source: text('source', { enum: RECONCILIATION_SOURCES }).notNull(),
    startedBy: text('started_by').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    matched: integer('matched').notNull(),
    reportOnly: integer('report_only').notNull(),
    booksOnly: integer('books_only').notNull(),
    amountDifferences: integer('amount_differences').notNull(),
  },
  (table) => [index('reconciliation_runs_tenant_idx').on(table.tenant, table.startedAt)],
);

export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RECONCILIATION_KINDS }).notNull(),
    txnId: text('txn_id'),
    orderId: text('order_id'),
    reportAmountSen: integer('report_amount_sen'),
    bookedAmountSen: integer('booked_amount_sen'),
    paidAt: timestamptz('paid_at'),
    gatewayPaymentId: uuid('gateway_payment_id').references(() => gatewayPayments.id),
    status: text('status', { enum: ['OPEN', 'PROPOSED', 'RESOLVED'] }),
    resolution: text('resolution', { enum: ['BANK_ERROR', 'EXPLAINED'] }),
    note: text('note'),
    proposedBy: text('proposed_by'),
    proposedAt: timestamptz('proposed_at'),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamptz('confirmed_at'),
    version: integer('version').notNull().default(1),
  },
  (table) => [index('reconciliation_lines_run_idx').on(table.runId, table.kind)],
);

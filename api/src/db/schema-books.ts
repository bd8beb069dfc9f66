// The books, staff side (migrations/0740_books.sql): waiver and write-off requests (proposed by
// one staff member, decided by another) and the waiver rows an approved waiver books.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { tenants } from './schema-core';
import { loanAccounts } from './schema-disbursements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accountAdjustments = pgTable(
  'account_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['LATE_CHARGE_WAIVER', 'WRITEOFF'] }).notNull(),
    status: text('status', { enum: ['PROPOSED', 'APPROVED', 'REJECTED'] }).notNull(),
    amountSen: integer('amount_sen'),
    reason: text('reason').notNull(),
    proposedBy: text('proposed_by').notNull(),
    proposedAt: timestamptz('proposed_at').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    index('account_adjustments_account_idx').on(table.accountId, table.proposedAt),
    uniqueIndex('account_adjustments_open_idx')
      .on(table.accountId, table.kind)
      .where(sql`status = 'PROPOSED'`),
  ],
);

export const lateChargeWaivers = pgTable(
  'late_charge_waivers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    adjustmentId: uuid('adjustment_id')
      .notNull()
      .references(() => accountAdjustments.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no').notNull(),
    amountSen: integer('amount_sen').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('late_charge_waivers_account_idx').on(table.accountId, table.instalmentNo),
    unique('late_charge_waivers_adjustment_id_instalment_no_key').on(
      table.adjustmentId,
      table.instalmentNo,
    ),
  ],
);
